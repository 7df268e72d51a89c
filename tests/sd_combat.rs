//! The Sadowa Campaign: combat (7.3, 7.4), retreat (7.4.1), advance (7.4.2), HQs in combat
//! (6.3, 6.4), the GHQ's and supply's modifiers (6.5.2, 5.3), fortresses (8.7) and
//! garrisons (9.4). Positions are built on a fresh state, then the game is driven through
//! its commands with scripted dice.

use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::hexmap::{Coord, Dir, HexMap, HexMapDef, SideKind, Terrain};
use feldzug::engine::side::Side;
use feldzug::games::sadowa::Sadowa;
use feldzug::games::sadowa::combat;
use feldzug::games::sadowa::data::{SdRules, UnitId};
use feldzug::games::sadowa::state::*;
use feldzug::games::sadowa::steps::{self, retreat};
use std::sync::Arc;

fn c(s: &str) -> Coord {
    Coord::parse(s).unwrap()
}

fn rules() -> Arc<SdRules> {
    let src = feldzug::engine::scenarios::find("sadowa").unwrap();
    <Sadowa as RulesGame>::load_rules(&src, &[]).unwrap()
}

/// The rules with mountains (elevation 3) on `hexes` of a blank map (the real map's
/// places and countries kept).
fn rules_with_mountains(hexes: &[&str]) -> Arc<SdRules> {
    board(hexes, &[], &[])
}

/// A blank board (clear, lowland, no roads) of the map's size with mountains, woods and
/// minor rivers (hex, direction) where given.
fn board(mountains: &[&str], woods: &[&str], rivers: &[(&str, Dir)]) -> Arc<SdRules> {
    let hexes = mountains;
    let base = rules();
    let mut r = (*base).clone();
    let (cols, rows) = (r.map.hex.cols, r.map.hex.rows);
    let mut elev: Vec<Vec<char>> = vec![vec!['1'; cols as usize]; rows as usize];
    for h in hexes {
        let x = c(h);
        elev[(x.row - 1) as usize][(x.col - 1) as usize] = '3';
    }
    let mut terr: Vec<Vec<char>> = vec![vec!['.'; cols as usize]; rows as usize];
    for h in woods {
        let x = c(h);
        terr[(x.row - 1) as usize][(x.col - 1) as usize] = 'w';
    }
    let def = HexMapDef {
        cols,
        rows,
        terrain_rows: terr.into_iter().map(|r| r.into_iter().collect()).collect(),
        legend: vec![('.', Terrain::Clear), ('w', Terrain::Woods)],
        hexsides: rivers
            .iter()
            .map(|(h, d)| (c(h), *d, SideKind::MinorRiver, false))
            .collect(),
        roads: vec![],
        labels: vec![],
        elevation_rows: elev.into_iter().map(|r| r.into_iter().collect()).collect(),
        paths: vec![],
        railways: vec![],
    };
    r.map.hex = HexMap::from_def(&def).unwrap();
    Arc::new(r)
}

struct T {
    g: PureGame<Sadowa>,
}

impl T {
    /// The attacks of `side`'s operation, every unit off the map.
    fn new(side: Side) -> T {
        Self::with(board(&[], &[], &[]), side)
    }
    fn with(r: Arc<SdRules>, side: Side) -> T {
        let mut g = PureGame::<Sadowa>::new(r, 1);
        for u in g.st.units.iter_mut() {
            u.hex = None;
        }
        g.st.g.step = Step::Attack;
        g.st.g.initiative = Some(side);
        g.st.g.ip = 0;
        T { g }
    }
    fn id(&self, s: &str) -> UnitId {
        self.g.rules.by_id(s).unwrap()
    }
    fn put(&mut self, s: &str, hex: &str) -> UnitId {
        let u = self.id(s);
        self.g.st.units[u as usize].hex = Some(c(hex));
        u
    }
    /// Activated by its owner with 3 MP (4.3).
    fn act(&mut self, s: &str) -> UnitId {
        let u = self.id(s);
        let st = &mut self.g.st.units[u as usize];
        st.activated = true;
        st.mp = 3;
        u
    }
    fn commit(&mut self, s: &str) {
        let u = self.id(s);
        self.g.st.units[u as usize].committed = true;
    }
    fn disrupt(&mut self, s: &str) {
        let u = self.id(s);
        self.g.st.units[u as usize].disrupted = true;
    }
    fn us(&mut self, s: &str) -> &mut UnitState {
        let u = self.id(s);
        &mut self.g.st.units[u as usize]
    }
    fn dice(&mut self, d: &[u8]) {
        self.g.dice.script(d.iter().copied());
    }
    fn attack(&mut self, lead: &str, target: &str) -> Result<(), Refusal> {
        let (lead, target) = (self.id(lead), self.id(target));
        self.g.apply(&SdCommand::Attack { lead, target })
    }
    fn st(&self, s: &str) -> UnitState {
        self.g.st.units[self.id(s) as usize]
    }
    fn hex(&self, s: &str) -> Option<Coord> {
        self.st(s).on_map()
    }
    fn log_has(&self, text: &str) -> bool {
        self.g.log.entries.iter().any(|e| e.text.contains(text))
    }
    fn result(&self) -> String {
        self.g
            .log
            .entries
            .iter()
            .rev()
            .find(|e| e.rule == "7.4" && e.text.starts_with("Result "))
            .map(|e| e.text.clone())
            .unwrap_or_default()
    }
    fn rolls(&self) -> usize {
        self.g.dice.rolls.len()
    }
    fn lp(&self, side: Side) -> u32 {
        self.g.st.g.lp[side.idx()]
    }
    fn vp(&self, side: Side) -> u32 {
        self.g.st.g.vp[side.idx()]
    }
    fn retreat_units(&self) -> Vec<UnitId> {
        match self.g.st.g.pending.first() {
            Some(Pending::Retreat { units, .. }) => units.clone(),
            _ => vec![],
        }
    }
    fn plan(&self, lead: &str, target: &str) -> combat::CombatPlan {
        combat::plan(&self.g.rules, &self.g.st, self.id(lead), self.id(target))
    }
    fn legal(&self) -> Vec<SdCommand> {
        self.g.legal()
    }
}

// A = 1009 (attacker's lead hex), D = 1010 (defender's), flank hexes 0910 and 1110.

#[test]
fn worked_example_23_to_8_is_2_to_1() {
    // rule 7.3.2: 23 to 8 is 2:1 (fractions dropped in favour of the defender)
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("p-v", "1009"); // Uncommitted, full: 9
    t.put("p-vi", "1009"); // Committed, no HQ: roll, half of 8 = 4
    t.commit("p-vi");
    t.put("a-iii", "1010"); // 8
    let p = t.plan("p-ii", "a-iii");
    assert_eq!((p.best.att, p.best.def), (23, 8));
    assert_eq!(
        combat::column_label(&t.g.rules.charts, p.best.column),
        "2:1"
    );
    assert_eq!(p.worst.att, 19);
    t.dice(&[3, 4]); // p-vi takes part (3 <= morale 3); the combat die 4
    t.attack("p-ii", "a-iii").unwrap();
    assert!(
        t.log_has("23 CF against 8 CF: 2:1"),
        "{:?}",
        t.g.log.entries
    );
    // 2:1 with a 4 is -/1R (3:1 would disrupt, 1:1 would cost the attacker)
    assert_eq!(t.result(), "Result -/1R: attacker -, defender 1R");
    assert_eq!(t.lp(Side::Austria), 8);
    assert_eq!(t.lp(Side::Prussia), 0);
    assert!(!t.st("a-iii").disrupted);
    assert_eq!(t.retreat_units(), vec![t.id("a-iii")]);
}

#[test]
fn worked_example_6_cf_1d_is_6_loss_points() {
    // rule 7.4: 6 CFs x 1D = 6 Loss Points and Disrupted
    let mut t = T::new(Side::Austria);
    t.put("a-viii", "1010"); // Committed lead without its HQ: half of 7 = 4 (4.3)
    t.commit("a-viii");
    t.act("a-viii");
    t.put("a-cav", "0910"); // flank: roll for half of 4 = 2
    t.put("p-guard", "1009"); // 11
    t.dice(&[2, 3]); // cavalry takes part; 6:11 is 1:2, a 3 is 1D/-
    t.attack("a-viii", "p-guard").unwrap();
    assert!(t.log_has("6 CF against 11 CF: 1:2"));
    assert_eq!(t.result(), "Result 1D/-: attacker 1D, defender -");
    assert_eq!(t.lp(Side::Austria), 6);
    assert_eq!(t.vp(Side::Prussia), 6); // 14.0: 1 VP a Loss Point
    assert!(t.st("a-viii").disrupted && t.st("a-cav").disrupted);
    assert!(!t.st("p-guard").disrupted);
}

fn fourteen_cf_2r() -> T {
    let mut t = T::new(Side::Prussia);
    t.put("p-guard", "1009");
    t.act("p-guard");
    t.put("p-ii", "1009");
    t.put("p-iii", "1009");
    t.put("a-iv", "1010"); // 9
    t.put("a-vi", "1010"); // Committed, no HQ: roll, half of 9 = 5
    t.commit("a-vi");
    t.dice(&[1, 6]); // a-vi takes part; 31:14 is 2:1, a 6 is -/2R
    t.attack("p-guard", "a-iv").unwrap();
    t
}

#[test]
fn worked_example_14_cf_2r_is_28_loss_points_and_a_retreat() {
    // rule 7.4: 14 CFs x 2R = 28 Loss Points and a retreat
    let t = fourteen_cf_2r();
    assert!(t.log_has("31 CF against 14 CF: 2:1"));
    assert_eq!(t.result(), "Result -/2R: attacker -, defender 2R");
    assert_eq!(t.lp(Side::Austria), 28);
    assert_eq!(t.vp(Side::Prussia), 28);
    let mut r = t.retreat_units();
    r.sort();
    let mut want = vec![t.id("a-iv"), t.id("a-vi")];
    want.sort();
    assert_eq!(r, want);
    assert_eq!(steps::id_of(&t.g.st), steps::StepId::Retreat);
}

#[test]
fn attackers_flip_committed_defenders_never() {
    // rule 7.4: at the end of combat all attacking units are Committed; defenders never
    let t = fourteen_cf_2r();
    assert!(t.st("p-guard").committed && t.st("p-ii").committed && t.st("p-iii").committed);
    assert!(!t.st("a-iv").committed);
}

#[test]
fn advance_after_combat_into_the_vacated_hex() {
    // rule 7.4.2: participating un-Disrupted attackers may advance, voluntary, no further
    let mut t = fourteen_cf_2r();
    t.put("p-iv", "0808"); // not in the combat
    let first = t.legal()[0].clone();
    t.g.apply(&first).unwrap();
    assert_eq!(steps::id_of(&t.g.st), steps::StepId::Advance);
    let legal = t.legal();
    for u in ["p-guard", "p-ii", "p-iii"] {
        assert!(legal.contains(&SdCommand::Advance { unit: t.id(u) }), "{u}");
    }
    assert!(!legal.contains(&SdCommand::Advance { unit: t.id("p-iv") }));
    assert!(
        t.g.apply(&SdCommand::Advance { unit: t.id("p-iv") })
            .is_err()
    );
    t.g.apply(&SdCommand::Advance {
        unit: t.id("p-guard"),
    })
    .unwrap();
    assert_eq!(t.hex("p-guard"), Some(c("1010")));
    assert!(!t.legal().contains(&SdCommand::Advance {
        unit: t.id("p-guard")
    }));
    t.g.apply(&SdCommand::EndAdvance).unwrap();
    assert_eq!(steps::id_of(&t.g.st), steps::StepId::Attack);
    assert_eq!(t.hex("p-ii"), Some(c("1009")));
}

#[test]
fn disrupted_attackers_do_not_advance() {
    // rule 7.4.2: only un-Disrupted attackers advance
    let mut t = fourteen_cf_2r();
    t.disrupt("p-ii");
    let first = t.legal()[0].clone();
    t.g.apply(&first).unwrap();
    assert!(
        !t.legal()
            .contains(&SdCommand::Advance { unit: t.id("p-ii") })
    );
    assert!(t.legal().contains(&SdCommand::Advance {
        unit: t.id("p-iii")
    }));
}

#[test]
fn committed_with_its_own_hq_stacked_fights_full_without_a_roll() {
    // rule 7.3.1 second bullet, 6.3: stacked with its HQ, a Committed unit is full strength
    let mut t = T::new(Side::Prussia);
    t.put("p-guard", "1009");
    t.act("p-guard");
    t.put("p-ii", "1009");
    t.commit("p-ii");
    t.put("p-hq-1", "1009");
    t.put("a-x", "1010");
    let p = t.plan("p-guard", "a-x");
    assert_eq!(p.best.att, 21);
    assert_eq!(p.worst.att, 21);
    let before = t.rolls();
    t.dice(&[1]);
    t.attack("p-guard", "a-x").unwrap();
    assert_eq!(t.rolls(), before + 1, "only the combat die");
    assert!(t.log_has("21 CF against 9 CF: 2:1"));
}

#[test]
fn an_adjacent_hq_does_not_suffice() {
    // rule 6.3: adjacent is not enough; the Committed unit rolls for half strength
    let mut t = T::new(Side::Prussia);
    t.put("p-guard", "1009");
    t.act("p-guard");
    t.put("p-ii", "1009");
    t.commit("p-ii");
    t.put("p-hq-1", "1008");
    t.put("a-x", "1010");
    t.dice(&[5, 1]); // p-ii fails (5 > morale 3)
    t.attack("p-guard", "a-x").unwrap();
    assert!(t.log_has("11 CF against 9 CF: 1:1"));
}

#[test]
fn committed_without_hq_rolls_for_half_rounded_up() {
    // rule 7.3.1 third bullet: roll <= Army Morale Level: half strength, rounded up
    for (die, att) in [(3u8, 14u32), (4, 10)] {
        let mut t = T::new(Side::Prussia);
        t.put("p-ii", "1009");
        t.act("p-ii");
        t.put("p-vii", "1009"); // 7 -> 4
        t.commit("p-vii");
        t.put("a-x", "1010");
        t.dice(&[die, 1]);
        t.attack("p-ii", "a-x").unwrap();
        assert!(
            t.log_has(&format!("{att} CF against 9 CF")),
            "die {die}: {:?}",
            t.g.log.entries
        );
    }
}

#[test]
fn defenders_committed_without_hq_roll_too() {
    // rule 7.3.1 third bullet "on both sides"
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("a-x", "1010");
    t.put("a-viii", "1010"); // 7 -> 4
    t.commit("a-viii");
    t.dice(&[2, 1]);
    t.attack("p-ii", "a-x").unwrap();
    assert!(t.log_has("10 CF against 13 CF"));
}

#[test]
fn flank_units_of_both_sides_roll_for_half() {
    // rule 7.3.1 fourth bullet: hexes adjacent to both lead hexes, a roll for half
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("p-iii", "0910"); // flank, Uncommitted: still a roll, half of 10 = 5
    t.put("p-iv", "0909"); // next to the attacker only: no part
    t.put("a-x", "1010");
    t.put("a-iii", "1110"); // flank: half of 8 = 4
    t.put("a-ii", "1011"); // next to the defender only: no part
    let p = t.plan("p-ii", "a-x");
    let ids: Vec<UnitId> = p.units.iter().map(|x| x.unit).collect();
    assert!(!ids.contains(&t.id("p-iv")) && !ids.contains(&t.id("a-ii")));
    assert_eq!((p.best.att, p.best.def), (15, 13));
    assert_eq!((p.worst.att, p.worst.def), (10, 9));
    // p-iii takes part, a-iii does not (the rolls in the plan's order)
    let script: Vec<u8> = p
        .units
        .iter()
        .filter(|x| x.roll)
        .map(|x| if x.unit == t.id("p-iii") { 1 } else { 6 })
        .chain([1])
        .collect();
    t.dice(&script);
    t.attack("p-ii", "a-x").unwrap();
    assert!(t.log_has("15 CF against 9 CF: 1:1"));
}

#[test]
fn other_activated_units_join_only_if_named() {
    // rule 7.3: other activated units in the lead's hex do not have to attack
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("p-iii", "1009");
    t.act("p-iii");
    t.put("a-x", "1010");
    let (ii, iii, x) = (t.id("p-ii"), t.id("p-iii"), t.id("a-x"));
    let legal = t.legal();
    assert!(legal.contains(&SdCommand::Attack {
        lead: ii,
        target: x
    }));
    let with = SdCommand::AttackWith {
        lead: ii,
        target: x,
        with: vec![iii],
    };
    assert!(legal.contains(&with));
    assert_eq!(t.plan("p-ii", "a-x").best.att, 10);
    let panel = steps::attack::plan_of(&t.g.rules, &t.g.st, &with).unwrap();
    assert_eq!(panel.best.att, 20);
    t.dice(&[1]);
    t.g.apply(&with).unwrap();
    assert!(t.log_has("20 CF against 9 CF"));
    // each activated unit attacks once (7.3)
    assert!(t.st("p-iii").attacked);
    let e = t.attack("p-iii", "a-x").unwrap_err();
    assert_eq!(e.rule, "7.3");
}

#[test]
fn disrupted_units_cannot_attack_by_themselves_and_shift_the_column() {
    // rule 7.3.1 fifth bullet
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("p-iii", "1009");
    t.act("p-iii");
    t.disrupt("p-iii");
    t.put("a-x", "1010");
    assert_eq!(t.attack("p-iii", "a-x").unwrap_err().rule, "7.3.1");
    let (ii, iii, x) = (t.id("p-ii"), t.id("p-iii"), t.id("a-x"));
    let p = combat::plan_with(&t.g.rules, &t.g.st, ii, x, &[iii]);
    // 20:9 is 2:1, one column to the left: 1:1
    assert_eq!(combat::column_label(&t.g.rules.charts, p.best.raw), "2:1");
    assert_eq!(
        combat::column_label(&t.g.rules.charts, p.best.column),
        "1:1"
    );
    assert_eq!(p.best.shifts[0].rule, "7.3.1");
    t.dice(&[4]);
    t.g.apply(&SdCommand::AttackWith {
        lead: ii,
        target: x,
        with: vec![iii],
    })
    .unwrap();
    // 1:1 with a 4 is 1/1 (2:1 would be -/1R)
    assert_eq!(t.result(), "Result 1/1: attacker 1, defender 1");
    assert_eq!(t.lp(Side::Prussia), 20);
}

#[test]
fn lead_needs_the_mps_of_the_defenders_hex() {
    // rule 7.3.1: the lead must have MPs equal to the cost of entering the defender's hex
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.us("p-ii").mp = 0;
    t.put("a-x", "1010");
    assert_eq!(t.attack("p-ii", "a-x").unwrap_err().rule, "7.3.1");
    t.us("p-ii").mp = 1;
    t.dice(&[1]);
    t.attack("p-ii", "a-x").unwrap();
}

#[test]
fn already_disrupted_defenders_alone_suffer_1r_without_a_roll() {
    // rule 7.4.3
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("a-iii", "1010");
    t.disrupt("a-iii");
    let before = t.rolls();
    t.attack("p-ii", "a-iii").unwrap(); // 10:8 is 1:1
    assert_eq!(t.rolls(), before, "no die");
    assert_eq!(t.result(), "Result -/1R: attacker -, defender 1R");
    assert_eq!(t.lp(Side::Austria), 8);
    assert_eq!(t.lp(Side::Prussia), 0);
    assert_eq!(t.retreat_units(), vec![t.id("a-iii")]);
    // worse than 1:2: rolled as usual
    let mut t = T::new(Side::Prussia);
    t.put("p-vii", "1009");
    t.act("p-vii");
    t.commit("p-vii"); // a forced march: half of 7 = 4 (4.3)
    t.put("a-ii", "1010");
    t.disrupt("a-ii");
    let before = t.rolls();
    t.dice(&[1]);
    t.attack("p-vii", "a-ii").unwrap(); // 4:9 is 1:3
    assert_eq!(t.rolls(), before + 1);
    assert_eq!(t.result(), "Result 2D/-: attacker 2D, defender -");
}

#[test]
fn fortress_defenders_are_quadrupled_and_never_retreat() {
    // rule 8.7: x4 in a friendly-controlled fortress; no retreat. 7.4: Loss Points on the
    // CFs before quadrupling.
    let mut t = T::new(Side::Prussia);
    t.put("p-guard", "2405");
    t.act("p-guard");
    t.put("a-g-josefstadt", "2406"); // 3, x4 = 12
    let p = t.plan("p-guard", "a-g-josefstadt");
    assert_eq!((p.best.att, p.best.def), (11, 12));
    assert!(p.fortress);
    t.dice(&[6]); // 11:12 is 1:2 (3:1 without the walls); a 6 is -/R
    t.attack("p-guard", "a-g-josefstadt").unwrap();
    assert_eq!(t.result(), "Result -/R: attacker -, defender R");
    assert!(t.g.st.g.pending.is_empty());
    assert_eq!(t.hex("a-g-josefstadt"), Some(c("2406")));
    assert!(t.log_has("never retreat"));
}

#[test]
fn fortress_loss_points_use_the_printed_cf() {
    // rule 7.4, 8.7: the multiplier applies to the CFs before quadrupling
    let mut t = T::new(Side::Prussia);
    for u in ["p-guard", "p-ii", "p-iii", "p-iv"] {
        t.put(u, "2405");
    }
    t.act("p-guard");
    t.put("a-g-josefstadt", "2406"); // 12 against 41: 3:1
    t.dice(&[6]); // -/2DR
    t.attack("p-guard", "a-g-josefstadt").unwrap();
    assert_eq!(t.result(), "Result -/2DR: attacker -, defender 2DR");
    assert_eq!(t.lp(Side::Austria), 6);
    assert!(t.st("a-g-josefstadt").disrupted);
    assert_eq!(t.hex("a-g-josefstadt"), Some(c("2406")));
}

#[test]
fn garrisons_forced_to_retreat_are_eliminated() {
    // rule 9.4: a garrison never retreats; forced to, it is eliminated
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1207");
    t.act("p-ii");
    t.put("a-g-1", "1208"); // Dresden, a city: 1 CF
    t.dice(&[1]); // 10:1 is 6:1; a 1 is -/1DR
    t.attack("p-ii", "a-g-1").unwrap();
    assert_eq!(t.st("a-g-1").gone, Some(Fate::Eliminated));
    assert_eq!(t.lp(Side::Austria), 2); // 1 x 1, and 1 for the surrendered CF (14.0)
    // the hex is empty: the attacker may advance and takes control (3.3, 14.0)
    assert_eq!(steps::id_of(&t.g.st), steps::StepId::Advance);
    let vp = t.vp(Side::Prussia);
    t.g.apply(&SdCommand::Advance { unit: t.id("p-ii") })
        .unwrap();
    assert_eq!(t.vp(Side::Prussia), vp + 5);
}

#[test]
fn garrisons_never_attack() {
    // rule 9.4: a garrison may not attack: not a lead, not counted with the attackers
    let mut t = T::new(Side::Prussia);
    t.put("p-g-1", "1208");
    t.put("p-ii", "1208");
    t.act("p-ii");
    t.put("a-x", "1209");
    let p = t.plan("p-ii", "a-x");
    assert!(!p.units.iter().any(|x| x.unit == t.id("p-g-1")));
    assert_eq!(p.best.att, 10);
    t.act("p-g-1");
    assert!(t.attack("p-g-1", "a-x").is_err());
}

#[test]
fn an_hq_alone_is_eliminated_when_attacked() {
    // rule 6.3: a Headquarters alone in a hex attacked is eliminated (4 VP, 14.0)
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("a-hq-iser", "1010");
    let before = t.rolls();
    t.attack("p-ii", "a-hq-iser").unwrap();
    assert_eq!(t.rolls(), before);
    assert_eq!(t.st("a-hq-iser").gone, Some(Fate::Eliminated));
    assert_eq!(t.vp(Side::Prussia), 4);
    assert_eq!(steps::id_of(&t.g.st), steps::StepId::Advance);
}

#[test]
fn after_an_hq_alone_only_the_attackers_that_took_part_may_advance() {
    // rule 7.4.2 with 6.3: no participation roll is made against a lone HQ, so a flank
    // unit (7.3.1 fourth bullet) never took part and may not advance (audit defect 4)
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("a-hq-iser", "1010");
    let (a, d) = (Coord::parse("1009").unwrap(), Coord::parse("1010").unwrap());
    let flank =
        t.g.rules
            .map
            .hex
            .neighbors(a)
            .map(|(_, h)| h)
            .find(|h| h.distance(d) == 1)
            .unwrap();
    t.put("p-iii", &flank.to_string());
    t.attack("p-ii", "a-hq-iser").unwrap();
    let Some(Pending::Advance { units, .. }) = t.g.st.g.pending.first().cloned() else {
        panic!("no advance offered");
    };
    assert_eq!(units, vec![t.id("p-ii")]);
}

#[test]
fn an_hq_stacked_with_combat_units_is_not_a_target() {
    // rule 6.3: the HQ shares its units' fate; the attack is on a combat unit
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("a-hq-north", "1010");
    t.put("a-iv", "1010");
    assert_eq!(t.attack("p-ii", "a-hq-north").unwrap_err().rule, "7.3");
}

#[test]
fn an_hq_retreats_with_its_units_and_is_never_disrupted() {
    // rule 6.3 (retreats with them), 6.4 (never Disrupted)
    let mut t = T::new(Side::Prussia);
    t.put("p-guard", "1009");
    t.act("p-guard");
    t.put("p-ii", "1009");
    t.put("a-iv", "1010");
    t.put("a-hq-north", "1010");
    t.dice(&[5]); // 21:9 is 2:1; a 5 is -/1DR
    t.attack("p-guard", "a-iv").unwrap();
    assert_eq!(t.result(), "Result -/1DR: attacker -, defender 1DR");
    assert!(t.st("a-iv").disrupted);
    assert!(!t.st("a-hq-north").disrupted);
    assert!(t.retreat_units().contains(&t.id("a-hq-north")));
    let SdCommand::Retreat { path } = t.legal()[0].clone() else {
        panic!("a retreat is due")
    };
    t.g.apply(&SdCommand::Retreat { path: path.clone() })
        .unwrap();
    assert_eq!(t.hex("a-hq-north"), path.last().copied());
    assert_eq!(t.hex("a-iv"), path.last().copied());
}

#[test]
fn an_hq_shares_the_surrender_of_its_units() {
    // rule 6.3: if the combat units surrender, the HQ is eliminated too
    let mut t = T::new(Side::Prussia);
    for u in ["p-guard", "p-ii", "p-iii", "p-iv"] {
        t.put(u, "1009");
    }
    t.act("p-guard");
    t.put("a-iv", "1010");
    t.put("a-hq-north", "1010");
    t.dice(&[6]); // 41:9 is 4:1; a 6 is -/2S
    t.attack("p-guard", "a-iv").unwrap();
    assert_eq!(t.result(), "Result -/2S: attacker -, defender 2S");
    assert_eq!(t.st("a-iv").gone, Some(Fate::Eliminated));
    assert_eq!(t.st("a-hq-north").gone, Some(Fate::Eliminated));
    assert_eq!(t.lp(Side::Austria), 18 + 9);
    assert_eq!(t.vp(Side::Prussia), 27 + 4);
}

/// a-iv in 1010 must retreat (2:1, a 4: -/1R) from p-ii in 1009 (the flanks empty).
fn retreat_position(r: Arc<SdRules>) -> T {
    let mut t = T::with(r, Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("p-iii", "1009");
    t.put("a-iv", "1010");
    t
}

fn retreat_paths(t: &T) -> Vec<Vec<Coord>> {
    t.legal()
        .into_iter()
        .filter_map(|c| match c {
            SdCommand::Retreat { path } => Some(path),
            _ => None,
        })
        .collect()
}

#[test]
fn retreat_goes_two_hexes_toward_a_friendly_supply_source() {
    // rule 7.4.1: toward a friendly supply source (Austria: the south edge, 5.1)
    let mut t = retreat_position(board(&[], &[], &[]));
    t.dice(&[4]);
    t.attack("p-ii", "a-iv").unwrap();
    let paths = retreat_paths(&t);
    assert!(!paths.is_empty(), "{:?}", t.g.log.entries);
    for p in &paths {
        assert_eq!(p.len(), 2);
        assert!(p[1].row > 10, "{p:?} goes south");
    }
    // away from supply: refused
    let e =
        t.g.apply(&SdCommand::Retreat {
            path: vec![c("0910"), c("0909")],
        })
        .unwrap_err();
    assert_eq!(e.rule, "7.4.1");
}

#[test]
fn retreat_avoids_enemy_zoc_first() {
    // rule 7.4.1 priority 1; a ZOC hex only when no other path exists
    let mut t = retreat_position(board(&[], &[], &[]));
    t.put("p-iv", "1211"); // ZOC into 1111 and 1112
    t.dice(&[4]);
    t.attack("p-ii", "a-iv").unwrap();
    let paths = retreat_paths(&t);
    assert!(!paths.is_empty());
    assert!(
        paths
            .iter()
            .all(|p| !p.contains(&c("1111")) && !p.contains(&c("1112")))
    );
    assert!(
        t.g.apply(&SdCommand::Retreat {
            path: vec![c("1111"), c("1112")]
        })
        .is_err()
    );
    t.g.apply(&SdCommand::Retreat {
        path: vec![c("1011"), c("1012")],
    })
    .unwrap();
    assert_eq!(t.hex("a-iv"), Some(c("1012")));
    assert!(!t.st("a-iv").disrupted, "no violation");
}

#[test]
fn retreat_avoids_friendly_hexes_second() {
    // rule 7.4.1 priority 2
    let mut t = retreat_position(board(&[], &[], &[]));
    t.put("a-ii", "1011");
    t.dice(&[4]);
    t.attack("p-ii", "a-iv").unwrap();
    let paths = retreat_paths(&t);
    assert!(paths.iter().all(|p| !p.contains(&c("1011"))));
    assert!(
        t.g.apply(&SdCommand::Retreat {
            path: vec![c("1011"), c("1012")]
        })
        .is_err()
    );
}

/// 1010's and the corridor's other neighbours are mountains: the only way out is
/// 1011-1012-1013.
fn corridor() -> Arc<SdRules> {
    rules_with_mountains(&[
        "0910", "1110", "0911", "1111", "0912", "1112", "0913", "1113",
    ])
}

#[test]
fn retreat_through_friends_extends_past_an_overstacked_hex_and_disrupts() {
    // rule 7.4.1 priority 3, the extension beyond two hexes, and the violation: Disrupted
    let mut t = retreat_position(corridor());
    for u in ["a-ii", "a-iii", "a-vi", "a-x"] {
        t.put(u, "1012");
    }
    t.put("a-hq-north", "1010"); // retreats with a-iv, never Disrupted (6.3, 6.4)
    t.dice(&[4]);
    t.attack("p-ii", "a-iv").unwrap();
    assert_eq!(
        retreat_paths(&t),
        vec![vec![c("1011"), c("1012"), c("1013")]]
    );
    assert!(
        t.g.apply(&SdCommand::Retreat {
            path: vec![c("1011"), c("1012")]
        })
        .is_err()
    );
    let lp = t.lp(Side::Austria);
    t.g.apply(&SdCommand::Retreat {
        path: vec![c("1011"), c("1012"), c("1013")],
    })
    .unwrap();
    assert_eq!(t.hex("a-iv"), Some(c("1013")));
    assert_eq!(t.hex("a-hq-north"), Some(c("1013")));
    assert!(t.st("a-iv").disrupted);
    assert!(!t.st("a-hq-north").disrupted);
    assert_eq!(
        t.lp(Side::Austria),
        lp,
        "not Disrupted before: no Loss Point"
    );
}

#[test]
fn already_disrupted_units_retreating_in_violation_lose_1_lp_a_hex() {
    // rule 7.4.1: already Disrupted: +1 Loss Point for each hex in violation
    let mut t = retreat_position(corridor());
    t.put("a-ii", "1011"); // friendly hex
    t.put("a-iii", "1012"); // friendly hex
    t.disrupt("a-iv");
    // Disrupted and alone: 7.4.3, 1R with no roll
    t.attack("p-ii", "a-iv").unwrap();
    let lp = t.lp(Side::Austria);
    assert_eq!(retreat_paths(&t), vec![vec![c("1011"), c("1012")]]);
    t.g.apply(&SdCommand::Retreat {
        path: vec![c("1011"), c("1012")],
    })
    .unwrap();
    assert_eq!(t.lp(Side::Austria), lp + 2);
}

#[test]
fn no_retreat_path_means_surrender() {
    // rule 7.4.1: never into enemy-occupied or mountain hexes; no path: surrender
    let r = rules_with_mountains(&["0910", "1110", "0911", "1111", "1011"]);
    let mut t = retreat_position(r);
    t.dice(&[4]); // -/1R
    t.attack("p-ii", "a-iv").unwrap();
    assert_eq!(t.st("a-iv").gone, Some(Fate::Eliminated));
    assert_eq!(t.lp(Side::Austria), 9 + 9);
    assert!(
        t.g.st
            .g
            .pending
            .iter()
            .all(|p| !matches!(p, Pending::Retreat { .. }))
    );
    assert_eq!(steps::id_of(&t.g.st), steps::StepId::Advance);
}

#[test]
fn no_retreat_into_an_own_besieged_fortress() {
    // rule 8.8 with 7.4.1: the only hex left open is a friendly fortress the enemy
    // besieges, which friendly units may not enter: the defenders surrender (audit defect 8)
    let r = rules_with_mountains(&["0910", "1110", "0911", "1111"]);
    let mut t = retreat_position(r);
    // a siege that stands (8.5 (2) is checked at once after combat since audit2 defect 2):
    // a unit inside, and a besieger on the map, supplied (on the north edge, 5.1), with
    // the CF to match
    t.put("a-g-1", "1011");
    let besieger = t.put("p-iv", "1001");
    t.g.st.g.sieges.push(Siege {
        fortress: Coord::parse("1011").unwrap(),
        by: Side::Prussia,
        level: 0,
        new: false,
        besiegers: vec![(besieger, Coord::parse("1001").unwrap())],
    });
    t.dice(&[4]); // -/1R
    t.attack("p-ii", "a-iv").unwrap();
    assert_eq!(t.g.st.g.sieges.len(), 1, "the siege stands");
    assert_eq!(t.st("a-iv").gone, Some(Fate::Eliminated));
}

#[test]
fn supply_modifiers_5_3() {
    // rule 5.3: unsupplied attackers -1, unsupplied defenders +1
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("a-x", "1010");
    t.us("p-ii").oos = true;
    let p = t.plan("p-ii", "a-x");
    assert_eq!(p.best.drm(), -1);
    assert_eq!(p.best.drms[0].rule, "5.3");
    t.us("a-x").oos = true;
    assert_eq!(t.plan("p-ii", "a-x").best.drm(), 0);
    t.us("p-ii").oos = false;
    assert_eq!(t.plan("p-ii", "a-x").best.drm(), 1);
    t.dice(&[3]); // 10:9 is 1:1; 3 + 1 = 4: 1/1 (a 3 would be 1/D)
    t.attack("p-ii", "a-x").unwrap();
    assert_eq!(t.result(), "Result 1/1: attacker 1, defender 1");
    assert_eq!(t.g.dice.rolls.last().unwrap().total, 4);
}

#[test]
fn ghq_modifiers_6_5_2() {
    // rule 6.5.2: the GHQ gives +1 attacking, -1 defending
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("p-ghq", "1009");
    t.put("a-x", "1010");
    let p = t.plan("p-ii", "a-x");
    assert_eq!(p.best.drm(), 1);
    assert_eq!(p.best.drms[0].rule, "6.5.2");
    let mut t = T::new(Side::Austria);
    t.put("a-x", "1010");
    t.act("a-x");
    t.put("p-ii", "1009");
    t.put("p-ghq", "1009");
    let p = t.plan("a-x", "p-ii");
    assert_eq!(p.best.drm(), -1);
    t.dice(&[5]); // 9:10 is 1:2; 5 - 1 = 4: 1/- (a 5 would be 1/D)
    t.attack("a-x", "p-ii").unwrap();
    assert_eq!(t.result(), "Result 1/-: attacker 1, defender -");
}

#[test]
fn ghq_supports_committed_prussians_as_their_hq() {
    // rule 6.5.2: the GHQ acts like any other HQ present
    let mut t = T::new(Side::Prussia);
    t.put("p-guard", "1009");
    t.act("p-guard");
    t.put("p-ii", "1009");
    t.commit("p-ii");
    t.put("p-ghq", "1009");
    t.put("a-x", "1010");
    let p = t.plan("p-guard", "a-x");
    assert_eq!(p.worst.att, 21);
}

/// A position with three participation rolls: every outcome and die is enumerated with
/// scripted dice; the counts must equal the preview's exact numerators.
#[test]
fn preview_chances_equal_the_resolution_exactly() {
    // rule 7.3.1, 7.3.2: the chance shown is the chance rolled
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("p-vii", "1009");
    t.commit("p-vii");
    t.us("p-vii").oos = true;
    t.put("p-iii", "0910");
    t.disrupt("p-iii");
    t.put("a-x", "1010");
    t.put("a-iii", "1110");
    let p = t.plan("p-ii", "a-x");
    let rolls = p.units.iter().filter(|x| x.roll).count();
    assert_eq!(rolls, 3);
    let total: u128 = p.results.iter().map(|r| r.num).sum();
    assert_eq!(total, p.results[0].den);
    assert_eq!(p.results[0].den, 6u128.pow(4));
    let mut counts: std::collections::BTreeMap<String, u128> = Default::default();
    for n in 0..6u32.pow(4) {
        let dice: Vec<u8> = (0..4).map(|i| (n / 6u32.pow(i) % 6 + 1) as u8).collect();
        let mut g = t.g.clone();
        g.dice.script(dice);
        g.apply(&SdCommand::Attack {
            lead: t.id("p-ii"),
            target: t.id("a-x"),
        })
        .unwrap();
        let r = g
            .log
            .entries
            .iter()
            .rev()
            .find(|e| e.text.starts_with("Result "))
            .unwrap()
            .text
            .clone();
        let label = r["Result ".len()..].split(':').next().unwrap().to_string();
        *counts.entry(label).or_default() += 1;
    }
    for r in &p.results {
        assert_eq!(
            counts.get(&r.cell.label()),
            Some(&r.num),
            "{}",
            r.cell.label()
        );
    }
    assert_eq!(counts.len(), p.results.len());
    let sum: f64 = p.results.iter().map(|r| r.p()).sum();
    assert!((sum - 1.0).abs() < 1e-12);
}

#[test]
fn preview_chances_match_seeded_frequencies() {
    // rule 7.3.2: frequencies of the seeded resolution over many trials
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("p-vi", "1009");
    t.commit("p-vi");
    t.put("a-x", "1010");
    t.put("a-viii", "1110");
    let p = t.plan("p-ii", "a-x");
    let n = 6000;
    let mut counts: std::collections::BTreeMap<String, u32> = Default::default();
    for seed in 0..n {
        let mut g = t.g.clone();
        g.dice = feldzug::engine::dice::Dice::new(seed as u64 + 11);
        g.apply(&SdCommand::Attack {
            lead: t.id("p-ii"),
            target: t.id("a-x"),
        })
        .unwrap();
        let r = g
            .log
            .entries
            .iter()
            .rev()
            .find(|e| e.text.starts_with("Result "))
            .unwrap()
            .text
            .clone();
        let label = r["Result ".len()..].split(':').next().unwrap().to_string();
        *counts.entry(label).or_default() += 1;
    }
    for r in &p.results {
        let f = *counts.get(&r.cell.label()).unwrap_or(&0) as f64 / n as f64;
        assert!(
            (f - r.p()).abs() < 0.03,
            "{}: {f} vs {}",
            r.cell.label(),
            r.p()
        );
    }
}

#[test]
fn check_agrees_with_legal_in_combat_steps() {
    // one source of legality: every listed command passes check, others are refused
    let mut t = T::new(Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("p-iii", "1009");
    t.act("p-iii");
    t.put("p-iv", "1009");
    t.put("a-x", "1010");
    t.put("a-hq-north", "1010");
    t.put("a-iii", "1110");
    let step = steps::step(steps::id_of(&t.g.st));
    let legal = t.legal();
    for cmd in &legal {
        assert!(step.check(&t.g.rules, &t.g.st, cmd).is_ok(), "{cmd:?}");
    }
    let ids: Vec<UnitId> = t.g.rules.ids().collect();
    for &lead in &ids {
        for &target in &ids {
            let cmd = SdCommand::Attack { lead, target };
            assert_eq!(
                step.check(&t.g.rules, &t.g.st, &cmd).is_ok(),
                legal.contains(&cmd),
                "{cmd:?}"
            );
            for with in [vec![t.id("p-iii")], vec![t.id("p-iv")], vec![lead]] {
                let cmd = SdCommand::AttackWith { lead, target, with };
                assert_eq!(
                    step.check(&t.g.rules, &t.g.st, &cmd).is_ok(),
                    legal.contains(&cmd),
                    "{cmd:?}"
                );
            }
        }
    }
    // the retreat step: every path of one to three hexes around
    t.dice(&[6, 6]); // a-iii stays out; 20:9 is 2:1, a 6 is -/2R
    t.attack("p-ii", "a-x").unwrap();
    assert_eq!(steps::id_of(&t.g.st), steps::StepId::Retreat);
    let step = steps::step(steps::id_of(&t.g.st));
    let legal = t.legal();
    assert!(!legal.is_empty());
    let from = c("1010");
    let m = &t.g.rules.map.hex;
    for (_, a) in m.neighbors(from) {
        let one = vec![a];
        let cmd = SdCommand::Retreat { path: one.clone() };
        assert!(step.check(&t.g.rules, &t.g.st, &cmd).is_err());
        for (_, b) in m.neighbors(a) {
            let cmd = SdCommand::Retreat { path: vec![a, b] };
            assert_eq!(
                step.check(&t.g.rules, &t.g.st, &cmd).is_ok(),
                legal.contains(&cmd),
                "{cmd:?}"
            );
        }
    }
    let paths = retreat::paths(&t.g.rules, &t.g.st, Side::Austria, &t.retreat_units(), from);
    assert_eq!(paths.len(), legal.len());
}

#[test]
fn terrain_modifiers_from_the_tec() {
    // TEC (7.3.2): the defender's hex in woods -1; a river every attacker crosses -1
    let r = board(&[], &["1010"], &[("1010", Dir::N)]);
    let mut t = T::with(r, Side::Prussia);
    t.put("p-ii", "1009");
    t.act("p-ii");
    t.put("a-x", "1010");
    let p = t.plan("p-ii", "a-x");
    assert_eq!(p.best.drm(), -2, "{:?}", p.best.drms);
    assert!(p.best.drms.iter().all(|m| m.rule == "TEC"));
    // a flank attacker not across the river: no river modifier when it takes part
    t.put("p-iii", "0910");
    let p = t.plan("p-ii", "a-x");
    assert_eq!(p.best.drm(), -1);
    assert_eq!(p.worst.drm(), -2);
    t.dice(&[6, 5]); // p-iii stays out; 10:9 is 1:1, 5 - 2 = 3: 1/D (a 5 would be -/1)
    t.attack("p-ii", "a-x").unwrap();
    assert_eq!(t.result(), "Result 1/D: attacker 1, defender D");
}

/// Random full games on the real map: every legal command of a combat step passes its
/// check, the invariants hold after every command, and attacks, retreats and advances do
/// happen.
#[test]
fn random_games_with_combat_keep_the_invariants() {
    use rand::SeedableRng;
    let r = rules();
    let (mut attacks, mut retreats, mut advances) = (0, 0, 0);
    for seed in 0..12u64 {
        let mut g = PureGame::<Sadowa>::new(r.clone(), seed);
        let mut rng = rand_xoshiro::Xoshiro256PlusPlus::seed_from_u64(seed + 100);
        while !g.over() && g.commands.len() < 4000 {
            let legal = g.legal();
            let id = steps::id_of(&g.st);
            if matches!(
                id,
                steps::StepId::Attack | steps::StepId::Retreat | steps::StepId::Advance
            ) {
                let step = steps::step(id);
                for cmd in &legal {
                    assert!(step.check(&g.rules, &g.st, cmd).is_ok(), "{cmd:?}");
                }
            }
            let Some(cmd) =
                <Sadowa as RulesGame>::random_command(&g.rules, &g.st, &legal, &mut rng)
            else {
                break;
            };
            match cmd {
                SdCommand::Attack { .. } | SdCommand::AttackWith { .. } => attacks += 1,
                SdCommand::Retreat { .. } => retreats += 1,
                SdCommand::Advance { .. } => advances += 1,
                _ => {}
            }
            g.apply(&cmd).unwrap();
            <Sadowa as RulesGame>::check_invariants(&g.rules, &g.st)
                .unwrap_or_else(|e| panic!("seed {seed} after {cmd:?}: {e}"));
        }
    }
    assert!(
        attacks > 0 && retreats > 0 && advances > 0,
        "{attacks} {retreats} {advances}"
    );
}
