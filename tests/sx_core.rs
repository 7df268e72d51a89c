//! Great Saxon War 1756: the campaign skeleton driven by commands. Each test cites the
//! article's section by the ids of docs/games/saxonwar.md (`// rule move.normal`) and
//! would fail if the rule were broken. Dice are scripted where a result matters.

use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::engine::scenarios;
use feldzug::games::saxonwar::SaxonWar;
use feldzug::games::saxonwar::state::*;

pub fn game(id: &str) -> PureGame<SaxonWar> {
    let src = scenarios::find(id).expect("registered");
    let rules = <SaxonWar as RulesGame>::load_rules(&src, &[]).expect("loads");
    PureGame::<SaxonWar>::new(rules, 1)
}

pub fn area(g: &PureGame<SaxonWar>, id: &str) -> AreaId {
    g.rules.area(id).unwrap_or_else(|| panic!("no area {id}"))
}

pub fn leader(g: &PureGame<SaxonWar>, id: &str) -> LeaderId {
    g.rules
        .leader(id)
        .unwrap_or_else(|| panic!("no leader {id}"))
}

pub fn ok(g: &mut PureGame<SaxonWar>, c: SxCommand) {
    if let Err(r) = g.apply(&c) {
        panic!("{c:?} refused: {r} (step {:?})", g.st.g.step);
    }
}

pub fn refused(g: &mut PureGame<SaxonWar>, c: SxCommand) -> Refusal {
    let before = g.hash();
    let r = g.apply(&c).expect_err("refused");
    assert_eq!(before, g.hash(), "a refused command changed the state");
    r
}

/// Deploys everything by commands: Austria's 32 SP and leaders at Prague, Saxony's at
/// Dresden, Prussia's at Berlin (all in the field).
pub fn deployed() -> PureGame<SaxonWar> {
    let mut g = game("saxonwar-1756");
    let (prague, dresden, berlin) = (area(&g, "prague"), area(&g, "dresden"), area(&g, "berlin"));
    for (p, a, n) in [(Power::Austria, prague, 32), (Power::Saxony, dresden, 9)] {
        ok(
            &mut g,
            SxCommand::DeploySp {
                power: p,
                area: a,
                inside: false,
                sp: n,
            },
        );
    }
    for id in ["browne", "piccolomini", "hadik", "lacy"] {
        let l = leader(&g, id);
        ok(
            &mut g,
            SxCommand::Deploy {
                leader: l,
                area: prague,
                inside: false,
            },
        );
    }
    for id in ["rutowsky", "chevalier"] {
        let l = leader(&g, id);
        ok(
            &mut g,
            SxCommand::Deploy {
                leader: l,
                area: dresden,
                inside: false,
            },
        );
    }
    ok(
        &mut g,
        SxCommand::DeploySp {
            power: Power::Prussia,
            area: berlin,
            inside: false,
            sp: 43,
        },
    );
    for id in [
        "frederick",
        "schwerin",
        "keith",
        "henry",
        "lehwaldt",
        "bevern",
        "winterfeldt",
        "zieten",
    ] {
        let l = leader(&g, id);
        ok(
            &mut g,
            SxCommand::Deploy {
                leader: l,
                area: berlin,
                inside: false,
            },
        );
    }
    g
}

/// Moves SPs of a power (keeping every SP in one place: taken from or given back to the
/// eliminated box, counted in the total).
pub fn put(g: &mut PureGame<SaxonWar>, p: Power, a: AreaId, field: u16, garrison: u16) {
    let x = &mut g.st.areas[a as usize];
    let before = x.field[p.idx()] + x.garrison[p.idx()];
    x.field[p.idx()] = field;
    x.garrison[p.idx()] = garrison;
    g.st.pools.total[p.idx()] = g.st.pools.total[p.idx()] + field + garrison - before;
    if garrison > 0 {
        x.holder = Some(p.side());
    }
}

pub fn place(g: &mut PureGame<SaxonWar>, id: &str, loc: LLoc) -> LeaderId {
    let l = leader(g, id);
    g.st.leaders[l as usize].loc = loc;
    l
}

#[test]
fn the_secret_deployment_is_in_own_countries_and_hidden() {
    // rule grand.start
    let mut g = game("saxonwar-1756");
    assert_eq!(g.st.g.step, Step::Deploy);
    assert_eq!(g.st.g.deploying, Side::Austria);
    let fred = leader(&g, "frederick");
    let dresden = area(&g, "dresden");
    let berlin = area(&g, "berlin");
    let r = refused(
        &mut g,
        SxCommand::Deploy {
            leader: fred,
            area: berlin,
            inside: false,
        },
    );
    assert!(r.reason.contains("Austria is deploying"), "{r}");
    let browne = leader(&g, "browne");
    let r = refused(
        &mut g,
        SxCommand::Deploy {
            leader: browne,
            area: dresden,
            inside: false,
        },
    );
    assert_eq!(r.rule, "grand.start");
    assert!(r.reason.contains("own country"), "{r}");
    ok(
        &mut g,
        SxCommand::DeploySp {
            power: Power::Saxony,
            area: dresden,
            inside: true,
            sp: 9,
        },
    );
    // the secret stays pending and the log names no area
    assert!(SaxonWar::secret_pending(&g.rules, &g.st));
    assert!(!g.log.entries.iter().any(|e| e.text.contains("Dresden")));
    let g = deployed();
    assert!(!SaxonWar::secret_pending(&g.rules, &g.st));
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.text.contains("revealed") && e.text.contains("Prague"))
    );
    assert_eq!((g.st.g.turn, g.st.g.phasing), (9, Side::Prussia));
}

#[test]
fn leaders_march_in_rank_order() {
    // rule move.leaders
    let mut g = deployed();
    assert_eq!(g.st.g.step, Step::March);
    let schwerin = leader(&g, "schwerin");
    let r = refused(&mut g, SxCommand::Select { leader: schwerin });
    assert!(r.reason.contains("rank order"), "{r}");
    let fred = leader(&g, "frederick");
    ok(&mut g, SxCommand::Select { leader: fred });
    ok(&mut g, SxCommand::Take { sp: 20 });
    ok(&mut g, SxCommand::PickUp { leader: schwerin });
    ok(&mut g, SxCommand::Halt);
    // Schwerin was taken along: Keith is next
    let keith = leader(&g, "keith");
    assert!(g.legal().contains(&SxCommand::Select { leader: keith }));
    assert!(!g.legal().contains(&SxCommand::Select { leader: schwerin }));
}

#[test]
fn a_normal_march_of_seven_goes_two_areas_and_costs_an_sp() {
    // rule move.normal: 3 + SIV 4 = 7: two areas, the second costs 1 SP
    let mut g = deployed();
    let fred = leader(&g, "frederick");
    let (berlin, wittenberg, torgau) = (
        area(&g, "berlin"),
        area(&g, "wittenberg"),
        area(&g, "torgau"),
    );
    ok(&mut g, SxCommand::Select { leader: fred });
    ok(&mut g, SxCommand::Take { sp: 20 });
    let r = refused(&mut g, SxCommand::Enter { area: wittenberg });
    assert!(r.reason.contains("roll the march die"), "{r}");
    g.dice.script([3]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: wittenberg });
    ok(&mut g, SxCommand::Enter { area: torgau });
    assert_eq!(g.st.areas[torgau as usize].field[Power::Prussia.idx()], 19);
    assert_eq!(g.st.areas[berlin as usize].field[Power::Prussia.idx()], 23);
    assert_eq!(g.st.pools.eliminated[Power::Prussia.idx()], 1);
    let leipzig = area(&g, "leipzig");
    let r = refused(&mut g, SxCommand::Enter { area: leipzig });
    assert_eq!(r.rule, "move.normal");
}

#[test]
fn a_normal_march_of_two_does_not_move() {
    // rule move.normal: the lost 1-2 row, no move (Lehwaldt SIV 1 rolls 1)
    let mut g = deployed();
    let berlin = area(&g, "berlin");
    for id in ["frederick", "schwerin", "keith", "henry"] {
        let l = leader(&g, id);
        ok(&mut g, SxCommand::Select { leader: l });
        ok(&mut g, SxCommand::Take { sp: 0 });
        ok(&mut g, SxCommand::Halt);
    }
    let leh = leader(&g, "lehwaldt");
    ok(&mut g, SxCommand::Select { leader: leh });
    g.dice.script([1]);
    ok(&mut g, SxCommand::March);
    let kustrin = area(&g, "kustrin");
    let r = refused(&mut g, SxCommand::Enter { area: kustrin });
    assert_eq!(r.rule, "move.normal");
    assert_eq!(g.st.leaders[leh as usize].loc, LLoc::Field(berlin));
}

#[test]
fn only_russians_enter_the_russia_box_and_only_open_countries_before_1757() {
    // rule russia.box, grand.start
    let mut g = deployed();
    let fred = leader(&g, "frederick");
    let posen = area(&g, "posen");
    let kustrin = area(&g, "kustrin");
    place(&mut g, "frederick", LLoc::Field(kustrin));
    put(&mut g, Power::Prussia, kustrin, 10, 0);
    ok(&mut g, SxCommand::Select { leader: fred });
    g.dice.script([6]);
    ok(&mut g, SxCommand::March);
    let r = refused(&mut g, SxCommand::Enter { area: posen });
    assert_eq!(r.rule, "grand.start");
    // once the strategic sequence has opened every country, Poland may be entered
    g.st.g.opened = true;
    ok(&mut g, SxCommand::Enter { area: posen });
    let russia = area(&g, "russia");
    let r = refused(&mut g, SxCommand::Enter { area: russia });
    assert_eq!(r.rule, "russia.box");
}

/// Clears the map around a test: no SPs or leaders anywhere (kept in one place: the
/// eliminated box and the pool).
pub fn empty_map(g: &mut PureGame<SaxonWar>) {
    for a in 0..g.st.areas.len() as AreaId {
        for p in Power::ALL {
            put(g, p, a, 0, 0);
        }
    }
    for l in g.st.leaders.iter_mut() {
        if matches!(l.loc, LLoc::Field(_) | LLoc::Garrison(_)) {
            l.loc = LLoc::Gone;
        }
    }
}

#[test]
fn an_overwhelming_attack_needs_four_to_one_and_captures_the_force() {
    // rule move.overwhelm
    let mut g = deployed();
    empty_map(&mut g);
    let (dresden, torgau) = (area(&g, "dresden"), area(&g, "torgau"));
    let fred = place(&mut g, "frederick", LLoc::Field(torgau));
    put(&mut g, Power::Prussia, torgau, 19, 0);
    place(&mut g, "rutowsky", LLoc::Field(dresden));
    put(&mut g, Power::Saxony, dresden, 5, 0);
    ok(&mut g, SxCommand::Select { leader: fred });
    g.dice.script([2]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: dresden });
    // 19 against 5 is short of 4-1: no attack offered, and the march stops here
    assert!(
        !g.legal()
            .iter()
            .any(|c| matches!(c, SxCommand::Overwhelm { .. }))
    );
    let r = refused(&mut g, SxCommand::Overwhelm { fortress: false });
    assert!(r.reason.contains("4-1"), "{r}");
    ok(&mut g, SxCommand::Halt);

    let mut g = deployed();
    empty_map(&mut g);
    let fred = place(&mut g, "frederick", LLoc::Field(torgau));
    put(&mut g, Power::Prussia, torgau, 20, 0);
    let rut = place(&mut g, "rutowsky", LLoc::Field(dresden));
    put(&mut g, Power::Saxony, dresden, 5, 0);
    ok(&mut g, SxCommand::Select { leader: fred });
    g.dice.script([2]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: dresden });
    // Frederick 1d6+4 against Rutowsky 1d6+0: 2+4 > 5+0
    g.dice.script([2, 5]);
    ok(&mut g, SxCommand::Overwhelm { fortress: false });
    assert_eq!(g.st.areas[dresden as usize].field[Power::Saxony.idx()], 0);
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Saxony.idx()],
        5
    );
    assert_eq!(
        g.st.leaders[rut as usize].loc,
        LLoc::Prisoner(Side::Prussia)
    );
    // one attempt per area entered
    let r = refused(&mut g, SxCommand::Overwhelm { fortress: false });
    assert_eq!(r.rule, "move.overwhelm");
}

#[test]
fn an_overwhelming_attack_on_a_fortress_succeeds_only_on_a_six() {
    // rule move.overwhelm-fortress
    for (die, garrison_after, attacker_after, prisoners) in [(6u8, 0u16, 8u16, 1u16), (5, 2, 6, 0)]
    {
        let mut g = deployed();
        empty_map(&mut g);
        let (torgau, dresden) = (area(&g, "torgau"), area(&g, "dresden"));
        let fred = place(&mut g, "frederick", LLoc::Field(torgau));
        put(&mut g, Power::Prussia, torgau, 10, 0);
        put(&mut g, Power::Saxony, dresden, 0, 2);
        ok(&mut g, SxCommand::Select { leader: fred });
        g.dice.script([2]);
        ok(&mut g, SxCommand::March);
        ok(&mut g, SxCommand::Enter { area: dresden });
        g.dice.script([die]);
        ok(&mut g, SxCommand::Overwhelm { fortress: true });
        let x = &g.st.areas[dresden as usize];
        assert_eq!(x.garrison[Power::Saxony.idx()], garrison_after, "die {die}");
        assert_eq!(x.field[Power::Prussia.idx()], attacker_after, "die {die}");
        assert_eq!(
            g.st.pools.prisoners[Side::Prussia.idx()][Power::Saxony.idx()],
            prisoners
        );
        if die == 6 {
            assert_eq!(x.holder, Some(Side::Prussia));
            ok(&mut g, SxCommand::Garrison { sp: 2 });
            assert_eq!(
                g.st.areas[dresden as usize].garrison[Power::Prussia.idx()],
                2
            );
        }
    }
}

#[test]
fn a_depot_needs_ten_sp_in_supply_and_completes_a_turn_later() {
    // rule supply.depots, supply.sources
    let mut g = deployed();
    empty_map(&mut g);
    let (magdeburg, berlin) = (area(&g, "magdeburg"), area(&g, "berlin"));
    put(&mut g, Power::Prussia, magdeburg, 0, 2);
    put(&mut g, Power::Prussia, berlin, 9, 0);
    place(&mut g, "frederick", LLoc::Field(berlin));
    // end Prussia's marches; Austria's turn passes; at Prussia's next depot phase:
    g.st.g.step = Step::Depot;
    let r = refused(&mut g, SxCommand::BuildDepot { area: berlin });
    assert!(r.reason.contains("10 SP"), "{r}");
    put(&mut g, Power::Prussia, berlin, 10, 0);
    let wittenberg = area(&g, "wittenberg");
    put(&mut g, Power::Prussia, wittenberg, 10, 0);
    ok(&mut g, SxCommand::BuildDepot { area: berlin });
    let d = g.st.areas[berlin as usize].depot.expect("begun");
    assert!(!d.complete && d.owner == Side::Prussia);
    let r = refused(&mut g, SxCommand::BuildDepot { area: berlin });
    assert!(r.reason.contains("one per area"), "{r}");
    // out of supply: Kolberg is two areas from Magdeburg's garrison
    let kolberg = area(&g, "kolberg");
    put(&mut g, Power::Prussia, kolberg, 10, 0);
    let r = refused(&mut g, SxCommand::BuildDepot { area: kolberg });
    assert!(r.reason.contains("in supply"), "{r}");
    // the phase ends, the marches too; in Austria's turn Prussia may force march
    // (turn.sequence phase 4) and declines; Prussia's next depot phase (turn 10) begins
    // with the depot complete
    ok(&mut g, SxCommand::Done);
    ok(&mut g, SxCommand::Done);
    assert_eq!(
        (g.st.g.phasing, g.st.g.step),
        (Side::Austria, Step::ForceMarch)
    );
    ok(&mut g, SxCommand::Done);
    // Austria's attrition phase: Prussian forces out of supply lose 1 SP
    assert_eq!(g.st.g.step, Step::Attrition);
    ok(&mut g, SxCommand::Roll);
    assert_eq!((g.st.g.turn, g.st.g.step), (10, Step::Depot));
    assert!(g.st.areas[berlin as usize].depot.expect("kept").complete);
    // Kolberg's 10 SP were out of supply in Austria's attrition phase
    assert_eq!(g.st.areas[kolberg as usize].field[Power::Prussia.idx()], 9);
}

/// Prussia's siege phase at Dresden: a Saxon garrison of `garrison` SP with Rutowsky
/// (SIV 0) inside, Prussia's completed depot and `besiegers` SP in the field.
fn siege_of_dresden(garrison: u16, besiegers: u16) -> (PureGame<SaxonWar>, AreaId) {
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    put(&mut g, Power::Saxony, dresden, 0, garrison);
    place(&mut g, "rutowsky", LLoc::Garrison(dresden));
    put(&mut g, Power::Prussia, dresden, besiegers, 0);
    place(&mut g, "keith", LLoc::Field(dresden));
    g.st.areas[dresden as usize].depot = Some(Depot {
        owner: Side::Prussia,
        complete: true,
        siege: true,
    });
    g.st.g.step = Step::Siege;
    g.st.g.sieges_tried.clear();
    (g, dresden)
}

#[test]
fn a_siege_needs_a_depot_and_a_larger_force() {
    // rule siege.conditions: the lost item 1 (a completed depot) and item 2 (larger force)
    let (mut g, dresden) = siege_of_dresden(5, 5);
    let r = refused(&mut g, SxCommand::Siege { area: dresden });
    assert_eq!(r.rule, "siege.conditions");
    let (mut g, dresden) = siege_of_dresden(5, 6);
    g.st.areas[dresden as usize].depot = None;
    let r = refused(&mut g, SxCommand::Siege { area: dresden });
    assert_eq!(r.rule, "siege.conditions");
    let (g, dresden) = siege_of_dresden(5, 6);
    assert!(g.legal().contains(&SxCommand::Siege { area: dresden }));
}

#[test]
fn a_siege_roll_of_three_has_no_effect_and_four_breaches() {
    // rule siege.resolution: 1d6 less the besieged commander's SIV (Rutowsky 0)
    let (mut g, dresden) = siege_of_dresden(5, 6);
    g.dice.script([3]);
    ok(&mut g, SxCommand::Siege { area: dresden });
    assert!(g.st.g.siege.is_none());
    // one roll per fortress: the phase is over
    assert_ne!(g.st.g.step, Step::Siege);
    refused(&mut g, SxCommand::Siege { area: dresden });
    let (mut g, dresden) = siege_of_dresden(5, 6);
    g.dice.script([4]);
    ok(&mut g, SxCommand::Siege { area: dresden });
    assert_eq!(
        g.st.g.siege.as_ref().map(|s| s.stage),
        Some(SiegeStage::Honors)
    );
}

#[test]
fn honors_of_war_granted_the_garrison_marches_to_the_nearest_friendly_fortress() {
    // rule siege.honors: the lost option 1 (grant)
    let (mut g, dresden) = siege_of_dresden(5, 6);
    let pirna = area(&g, "pirna");
    put(&mut g, Power::Saxony, pirna, 0, 1);
    g.dice.script([6]);
    ok(&mut g, SxCommand::Siege { area: dresden });
    ok(&mut g, SxCommand::Honors { grant: true });
    assert_eq!(g.st.areas[pirna as usize].garrison[Power::Saxony.idx()], 6);
    assert_eq!(g.st.areas[dresden as usize].holder, Some(Side::Prussia));
    let rut = leader(&g, "rutowsky");
    assert_eq!(g.st.leaders[rut as usize].loc, LLoc::Garrison(pirna));
    // the siege depot goes once the fortress is taken (supply.depots)
    assert!(g.st.areas[dresden as usize].depot.is_none());
}

#[test]
fn honors_denied_the_garrison_surrenders_or_is_stormed() {
    // rule siege.honors: denied, the garrison accepts (the lost option A): prisoners
    let (mut g, dresden) = siege_of_dresden(5, 6);
    g.dice.script([5]);
    ok(&mut g, SxCommand::Siege { area: dresden });
    ok(&mut g, SxCommand::Honors { grant: false });
    assert_eq!(
        SaxonWar::side_to_act(&g.rules, &g.st).as_deref(),
        Some("Austria")
    );
    ok(&mut g, SxCommand::Accept { accept: true });
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Saxony.idx()],
        5
    );
    assert_eq!(g.st.areas[dresden as usize].holder, Some(Side::Prussia));
    // or refuses (B): the storm costs the attacker as many SP as the garrison; 1 captured
    let (mut g, dresden) = siege_of_dresden(5, 8);
    g.dice.script([5]);
    ok(&mut g, SxCommand::Siege { area: dresden });
    ok(&mut g, SxCommand::Honors { grant: false });
    ok(&mut g, SxCommand::Accept { accept: false });
    ok(&mut g, SxCommand::Storm { storm: true });
    assert_eq!(g.st.areas[dresden as usize].field[Power::Prussia.idx()], 3);
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Saxony.idx()],
        1
    );
    assert_eq!(
        g.st.areas[dresden as usize].garrison[Power::Saxony.idx()],
        0
    );
    assert_eq!(g.st.areas[dresden as usize].holder, Some(Side::Prussia));
}

#[test]
fn saxony_surrenders_when_its_starting_fortresses_fall() {
    // rule grand.surrender
    let (mut g, dresden) = siege_of_dresden(5, 6);
    for id in ["pirna", "torgau", "wittenberg"] {
        let a = area(&g, id);
        g.st.areas[a as usize].holder = Some(Side::Prussia);
    }
    g.dice.script([6]);
    ok(&mut g, SxCommand::Siege { area: dresden });
    ok(&mut g, SxCommand::Honors { grant: false });
    ok(&mut g, SxCommand::Accept { accept: true });
    assert!(g.st.g.out[Power::Saxony.idx()]);
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.text.contains("Saxony surrenders"))
    );
}

#[test]
fn one_side_willing_to_fight_must_win_the_willingness_roll() {
    // rule combat.willingness: Prussia (Frederick SIV 4) wants battle, Saxony (Rutowsky
    // SIV 0) declines: 1 + 4 against 6 + 0: no battle
    for (dice, battle) in [([1u8, 6u8], false), ([3, 2], true)] {
        let mut g = deployed();
        empty_map(&mut g);
        let (torgau, dresden) = (area(&g, "torgau"), area(&g, "dresden"));
        let fred = place(&mut g, "frederick", LLoc::Field(torgau));
        put(&mut g, Power::Prussia, torgau, 10, 0);
        place(&mut g, "rutowsky", LLoc::Field(dresden));
        put(&mut g, Power::Saxony, dresden, 9, 0);
        ok(&mut g, SxCommand::Select { leader: fred });
        g.dice.script([2]);
        ok(&mut g, SxCommand::March);
        ok(&mut g, SxCommand::Enter { area: dresden });
        ok(&mut g, SxCommand::Halt);
        ok(&mut g, SxCommand::Done);
        // (Prussia has no one left to march; Saxony may force march and does not)
        assert_eq!(g.st.g.step, Step::Combat);
        ok(&mut g, SxCommand::Fight { fight: true });
        // the declaration is secret until Saxony answers
        assert!(SaxonWar::secret_pending(&g.rules, &g.st));
        g.dice.script(dice.iter().copied().chain([6, 1, 6]));
        ok(&mut g, SxCommand::Fight { fight: false });
        if battle {
            // campaign.deployment: the defender chooses the kind of battle
            ok(&mut g, SxCommand::BattleKind { maneuver: false });
        }
        let fought = g
            .log
            .entries
            .iter()
            .any(|e| e.text.starts_with("battle at Dresden"));
        assert_eq!(fought, battle, "dice {dice:?}");
        if battle {
            // 6 + AIV 5 against 1 + DIV 3 + 1 (positional): Prussia wins, Saxony demoralized
            assert!(
                g.st.areas[dresden as usize].demoralized[Power::Saxony.idx()]
                    || g.st.areas[dresden as usize].field[Power::Saxony.idx()] == 0
            );
        }
    }
}

#[test]
fn a_demoralized_force_may_not_initiate_combat_or_force_march() {
    // rule morale.states
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    place(&mut g, "frederick", LLoc::Field(dresden));
    put(&mut g, Power::Prussia, dresden, 10, 0);
    place(&mut g, "rutowsky", LLoc::Field(dresden));
    put(&mut g, Power::Saxony, dresden, 9, 0);
    g.st.areas[dresden as usize].demoralized[Power::Saxony.idx()] = true;
    ok(&mut g, SxCommand::Done);
    // Saxony's demoralized force may not force march (none offered), then combat
    assert_eq!(g.st.g.step, Step::Combat);
    ok(&mut g, SxCommand::Fight { fight: false });
    let r = refused(&mut g, SxCommand::Fight { fight: true });
    assert_eq!(r.rule, "morale.states");
}

#[test]
fn morale_recovers_on_seven_with_the_normal_siv() {
    // rule morale.recovery: Frederick's normal SIV 4 though demoralized: 3 + 4 = 7
    for (die, recovered) in [(3u8, true), (2, false)] {
        let mut g = deployed();
        let berlin = area(&g, "berlin");
        g.st.areas[berlin as usize].demoralized[Power::Prussia.idx()] = true;
        g.st.g.step = Step::Morale;
        g.dice.script([die]);
        ok(&mut g, SxCommand::Roll);
        assert_eq!(
            !g.st.areas[berlin as usize].demoralized[Power::Prussia.idx()],
            recovered
        );
    }
}

#[test]
fn a_force_march_of_six_costs_an_sp_and_a_failed_one_may_not_attack() {
    // rule move.forced: Browne SIV 2 rolls 4: 6, one area and 1 SP of attrition
    let mut g = deployed();
    ok(&mut g, SxCommand::Done); // Prussia's marches end
    assert_eq!(g.st.g.step, Step::ForceMarch);
    let browne = leader(&g, "browne");
    let (prague, leitmeritz) = (area(&g, "prague"), area(&g, "leitmeritz"));
    ok(&mut g, SxCommand::Select { leader: browne });
    ok(&mut g, SxCommand::Take { sp: 10 });
    g.dice.script([4]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: leitmeritz });
    assert_eq!(
        g.st.areas[leitmeritz as usize].field[Power::Austria.idx()],
        9
    );
    assert_eq!(g.st.areas[prague as usize].field[Power::Austria.idx()], 22);
    let r = refused(&mut g, SxCommand::Enter { area: prague });
    assert_eq!(r.rule, "move.normal");
}

#[test]
fn prisoners_are_exchanged_one_for_one_on_even_turns() {
    // rule prisoners.exchange
    let mut g = deployed();
    let (magdeburg, prague) = (area(&g, "magdeburg"), area(&g, "prague"));
    put(&mut g, Power::Prussia, magdeburg, 0, 1);
    put(&mut g, Power::Austria, prague, 32, 1);
    g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()] = 3;
    g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()] = 2;
    g.st.pools.total[Power::Prussia.idx()] += 3;
    g.st.pools.total[Power::Austria.idx()] += 2;
    // play on to turn 10 declining everything; the released pieces go to the first
    // fortress listed (their owner's pick, prisoners.exchange)
    while g.st.g.turn == 9 || !g.st.g.placing.is_empty() {
        let c = g.legal().into_iter().find(|c| {
            matches!(
                c,
                SxCommand::Done
                    | SxCommand::Roll
                    | SxCommand::Fight { fight: false }
                    | SxCommand::PlaceReleased { .. }
            )
        });
        ok(&mut g, c.expect("a way on"));
    }
    assert_eq!(
        g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()],
        1
    );
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()],
        0
    );
    // released into unbesieged Prussian fortresses
    let inside: u16 =
        g.st.areas
            .iter()
            .map(|a| a.garrison[Power::Prussia.idx()])
            .sum();
    assert_eq!(inside, 3);
    assert_eq!(
        g.st.areas[magdeburg as usize].garrison[Power::Prussia.idx()] + 2,
        inside
    );
}

/// Plays on with 'done', the phase's rolls and declining battle until `until` holds.
pub fn drive(g: &mut PureGame<SaxonWar>, until: impl Fn(&SxState) -> bool) {
    for _ in 0..600 {
        if until(&g.st) {
            return;
        }
        let c = g.legal().into_iter().find(|c| {
            matches!(
                c,
                SxCommand::Done
                    | SxCommand::Roll
                    | SxCommand::Fight { fight: false }
                    // the first fortress or force offered (prisoners.exchange,
                    // campaign.casualties)
                    | SxCommand::PlaceReleased { .. }
                    | SxCommand::ReturnWounded { .. }
            )
        });
        ok(g, c.expect("a way on"));
    }
    panic!("never reached (step {:?})", g.st.g.step);
}

/// The loser retreats into the field (combat.post-battle) to the first legal area other
/// than `from`; the area it went to.
pub fn retreat_into_the_field(g: &mut PureGame<SaxonWar>, from: AreaId) -> AreaId {
    let to = g
        .legal()
        .into_iter()
        .find_map(|c| match c {
            SxCommand::Retreat {
                area,
                into_fortress: false,
            } if area != from => Some(area),
            _ => None,
        })
        .expect("an area to retreat to");
    ok(
        g,
        SxCommand::Retreat {
            area: to,
            into_fortress: false,
        },
    );
    to
}

/// allies.minor: Frederick with 15 SP against Soubise with 10 French and 4 lent Empire
/// SP at Dresden, both sides willing to fight (combat phase); the game and Dresden.
pub fn lent_empire_battle_at_dresden() -> (PureGame<SaxonWar>, AreaId) {
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    g.st.g.active[Power::France.idx()] = true;
    g.st.g.active[Power::Empire.idx()] = true;
    place(&mut g, "frederick", LLoc::Field(dresden));
    put(&mut g, Power::Prussia, dresden, 15, 0);
    place(&mut g, "soubise", LLoc::Field(dresden));
    put(&mut g, Power::France, dresden, 10, 0);
    put(&mut g, Power::Empire, dresden, 4, 0);
    g.st.areas[dresden as usize].lent = 4;
    ok(&mut g, SxCommand::Done);
    ok(&mut g, SxCommand::Done);
    assert_eq!(g.st.g.step, Step::Combat);
    ok(&mut g, SxCommand::Fight { fight: true });
    ok(&mut g, SxCommand::Fight { fight: true });
    (g, dresden)
}

/// One deployment step (deployment, grand.start): the first placement the legal list
/// offers, of SPs or a leader.
pub fn place_first(g: &mut PureGame<SaxonWar>) {
    let c = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, SxCommand::DeploySp { .. } | SxCommand::Deploy { .. }))
        .expect("a placement");
    ok(g, c);
}
