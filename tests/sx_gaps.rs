//! Great Saxon War 1756: the rules the first fresh-eyes audit (docs/games/saxonwar-audit.md,
//! "Test gaps") found without a command-driven test. Each test drives the game through
//! its commands (`PureGame::apply`/`legal`), cites the article's section by the ids of
//! docs/games/saxonwar.md (`// rule supply.depots`) and would fail if the rule were
//! broken: a refused command is also absent from the legal list, and the state after is
//! checked. Dice are scripted where a result matters.

use crate::sx_core::{
    area, deployed, drive, empty_map, game, leader, ok, place, put, refused, retreat_into_the_field,
};
use feldzug::engine::game::PureGame;
use feldzug::games::saxonwar::SaxonWar;
use feldzug::games::saxonwar::battle;
use feldzug::games::saxonwar::rules;
use feldzug::games::saxonwar::state::*;

/// A refused command that the legal list does not offer either.
fn refused_absent(g: &mut PureGame<SaxonWar>, c: SxCommand) -> Refusal {
    assert!(!g.legal().contains(&c), "{c:?} is offered");
    refused(g, c)
}

fn logged(g: &PureGame<SaxonWar>, text: &str) -> bool {
    g.log.entries.iter().any(|e| e.text.contains(text))
}

fn depot(owner: Side, complete: bool) -> Option<Depot> {
    Some(Depot {
        owner,
        complete,
        siege: false,
    })
}

/// A Prussian commander with `psp` SP and an Austrian one with `asp` SP in the field at
/// Dresden, in Prussia's combat phase, both willing: the battle waits for the
/// defender's choice.
fn battle_at(
    prussian: &str,
    psp: u16,
    austrian: &[&str],
    asp: u16,
) -> (PureGame<SaxonWar>, AreaId) {
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    place(&mut g, prussian, LLoc::Field(dresden));
    put(&mut g, Power::Prussia, dresden, psp, 0);
    for a in austrian {
        place(&mut g, a, LLoc::Field(dresden));
    }
    put(&mut g, Power::Austria, dresden, asp, 0);
    ok(&mut g, SxCommand::Done); // Prussia's marches
    ok(&mut g, SxCommand::Done); // Austria's force marches
    assert_eq!(g.st.g.step, Step::Combat);
    ok(&mut g, SxCommand::Fight { fight: true });
    ok(&mut g, SxCommand::Fight { fight: true });
    (g, dresden)
}

/// The totals of the two battle rolls made so far (attacker, defender).
fn battle_totals(g: &PureGame<SaxonWar>) -> Vec<i32> {
    g.dice
        .rolls
        .iter()
        .filter(|r| r.purpose.starts_with("battle ("))
        .map(|r| r.total)
        .collect()
}

#[test]
fn a_begun_depot_is_removed_below_ten_sp_and_destroyed_when_interrupted() {
    // rule supply.depots: "if the number of SP drops below 10 the depot is removed; an
    // interrupted depot is destroyed"
    for interrupt in [false, true] {
        let mut g = deployed();
        empty_map(&mut g);
        let (magdeburg, berlin, wittenberg) = (
            area(&g, "magdeburg"),
            area(&g, "berlin"),
            area(&g, "wittenberg"),
        );
        put(&mut g, Power::Prussia, magdeburg, 0, 2);
        put(&mut g, Power::Prussia, berlin, 10, 0);
        let fred = place(&mut g, "frederick", LLoc::Field(berlin));
        let browne = place(&mut g, "browne", LLoc::Field(wittenberg));
        put(&mut g, Power::Austria, wittenberg, 3, 0);
        g.st.g.step = Step::Depot;
        ok(&mut g, SxCommand::BuildDepot { area: berlin });
        // no other depot may be begun: the phase ends by itself
        assert_eq!(g.st.g.step, Step::March);
        if !interrupt {
            // Frederick marches off with 1 SP: 9 are left at Berlin
            ok(&mut g, SxCommand::Select { leader: fred });
            ok(&mut g, SxCommand::Take { sp: 1 });
            g.dice.script([1]);
            ok(&mut g, SxCommand::March);
            assert_eq!(
                g.st.areas[berlin as usize].depot,
                depot(Side::Prussia, false)
            );
            ok(&mut g, SxCommand::Enter { area: magdeburg });
            assert_eq!(g.st.areas[berlin as usize].field[Power::Prussia.idx()], 9);
            assert_eq!(g.st.areas[berlin as usize].depot, None);
            assert!(logged(&g, "removed: fewer than 10 SP"));
        } else {
            // all 10 stay; in Austria's turn... here in phase 4, Browne force marches in
            ok(&mut g, SxCommand::Done);
            assert_eq!(g.st.g.step, Step::ForceMarch);
            ok(&mut g, SxCommand::Select { leader: browne });
            g.dice.script([1]); // 1 + SIV 2 = 3: one area
            ok(&mut g, SxCommand::March);
            assert_eq!(
                g.st.areas[berlin as usize].depot,
                depot(Side::Prussia, false)
            );
            ok(&mut g, SxCommand::Enter { area: berlin });
            assert_eq!(g.st.areas[berlin as usize].field[Power::Prussia.idx()], 10);
            assert_eq!(g.st.areas[berlin as usize].depot, None);
            assert!(logged(&g, "the depot begun at Berlin is destroyed"));
        }
    }
}

#[test]
fn a_completed_depot_is_captured_by_the_enemy_occupying_its_area_or_overwhelming_it() {
    // rule supply.depots: "completed depots are captured by an enemy occupying their area"
    let mut g = deployed();
    empty_map(&mut g);
    let (pirna, leitmeritz) = (area(&g, "pirna"), area(&g, "leitmeritz"));
    let fred = place(&mut g, "frederick", LLoc::Field(pirna));
    put(&mut g, Power::Prussia, pirna, 10, 0);
    g.st.areas[leitmeritz as usize].depot = depot(Side::Austria, true);
    ok(&mut g, SxCommand::Select { leader: fred });
    g.dice.script([1]);
    ok(&mut g, SxCommand::March);
    assert_eq!(
        g.st.areas[leitmeritz as usize].depot,
        depot(Side::Austria, true)
    );
    ok(&mut g, SxCommand::Enter { area: leitmeritz });
    assert_eq!(
        g.st.areas[leitmeritz as usize].depot,
        depot(Side::Prussia, true)
    );
    assert!(logged(&g, "Prussia captures the depot at Leitmeritz"));

    // rule move.overwhelm: "the enemy force is captured with its leaders and depots"
    let mut g = deployed();
    empty_map(&mut g);
    let (torgau, dresden) = (area(&g, "torgau"), area(&g, "dresden"));
    let fred = place(&mut g, "frederick", LLoc::Field(torgau));
    put(&mut g, Power::Prussia, torgau, 20, 0);
    let picc = place(&mut g, "piccolomini", LLoc::Field(dresden));
    put(&mut g, Power::Austria, dresden, 5, 0);
    g.st.areas[dresden as usize].depot = depot(Side::Austria, true);
    ok(&mut g, SxCommand::Select { leader: fred });
    g.dice.script([2]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: dresden });
    // the Austrians still stand by their depot
    assert_eq!(
        g.st.areas[dresden as usize].depot,
        depot(Side::Austria, true)
    );
    // 2 + SIV 4 against 4 + SIV 1 (Piccolomini)
    g.dice.script([2, 4]);
    ok(&mut g, SxCommand::Overwhelm { fortress: false });
    assert_eq!(g.st.areas[dresden as usize].field[Power::Austria.idx()], 0);
    assert_eq!(
        g.st.leaders[picc as usize].loc,
        LLoc::Prisoner(Side::Prussia)
    );
    assert_eq!(
        g.st.areas[dresden as usize].depot,
        depot(Side::Prussia, true)
    );
}

#[test]
fn a_player_destroys_his_own_depots_in_his_march_phase() {
    // rule supply.depots: "depots may be destroyed voluntarily during the march phase"
    let mut g = deployed();
    empty_map(&mut g);
    let (berlin, prague) = (area(&g, "berlin"), area(&g, "prague"));
    place(&mut g, "frederick", LLoc::Field(berlin));
    put(&mut g, Power::Prussia, berlin, 10, 0);
    g.st.areas[berlin as usize].depot = depot(Side::Prussia, true);
    let browne = place(&mut g, "browne", LLoc::Field(prague));
    put(&mut g, Power::Austria, prague, 10, 0);
    g.st.areas[prague as usize].depot = depot(Side::Austria, true);
    assert_eq!(g.st.g.step, Step::March);
    // not the enemy's depot
    let r = refused_absent(&mut g, SxCommand::DestroyDepot { area: prague });
    assert_eq!(r.rule, "supply.depots");
    assert!(
        g.legal()
            .contains(&SxCommand::DestroyDepot { area: berlin })
    );
    ok(&mut g, SxCommand::DestroyDepot { area: berlin });
    assert_eq!(g.st.areas[berlin as usize].depot, None);
    assert_eq!(
        g.st.areas[prague as usize].depot,
        depot(Side::Austria, true)
    );
    // Austria may not destroy its depot in the enemy's turn (its force march, phase 4)
    ok(&mut g, SxCommand::Done);
    assert_eq!(g.st.g.step, Step::ForceMarch);
    assert!(g.legal().contains(&SxCommand::Select { leader: browne }));
    let r = refused_absent(&mut g, SxCommand::DestroyDepot { area: prague });
    assert_eq!(r.rule, "supply.depots");
    assert_eq!(
        g.st.areas[prague as usize].depot,
        depot(Side::Austria, true)
    );
}

#[test]
fn supply_is_traced_into_an_area_the_enemy_occupies_but_not_out_of_it() {
    // rule supply.trace: Magdeburg's garrison, a Prussian depot at Wittenberg (with 5
    // SP), 5 more Prussian SP at Torgau beyond it; Austrians at Wittenberg cut Torgau off
    // but not Wittenberg itself (Austria's attrition phase)
    for enemy in [false, true] {
        let mut g = deployed();
        empty_map(&mut g);
        let (magdeburg, wittenberg, torgau) = (
            area(&g, "magdeburg"),
            area(&g, "wittenberg"),
            area(&g, "torgau"),
        );
        put(&mut g, Power::Prussia, magdeburg, 0, 2);
        put(&mut g, Power::Prussia, wittenberg, 5, 0);
        g.st.areas[wittenberg as usize].depot = depot(Side::Prussia, true);
        put(&mut g, Power::Prussia, torgau, 5, 0);
        if enemy {
            put(&mut g, Power::Austria, wittenberg, 3, 0);
        }
        // the late army list: no interdiction rolls (supply.interdiction)
        g.st.pools.rp_spent[Power::Prussia.idx()] = 100;
        assert_eq!(
            rules::in_supply(&g.rules, &g.st, torgau, Side::Prussia),
            !enemy
        );
        drive(&mut g, |s| s.g.turn == 10);
        assert_eq!(
            g.st.areas[wittenberg as usize].field[Power::Prussia.idx()],
            5,
            "traced into Wittenberg (enemy {enemy})"
        );
        assert_eq!(
            g.st.areas[torgau as usize].field[Power::Prussia.idx()],
            if enemy { 4 } else { 5 },
            "Torgau (enemy at Wittenberg {enemy})"
        );
    }
}

#[test]
fn a_leader_of_siv_zero_may_not_leave_supply_on_his_own_but_may_follow() {
    // rule supply.siv: Serbelloni (SIV 0) at Bautzen, in supply from the Saxon garrison
    // of Dresden; Zittau beyond is out of supply
    for follow in [false, true] {
        let mut g = deployed();
        empty_map(&mut g);
        let (dresden, bautzen, zittau, pirna) = (
            area(&g, "dresden"),
            area(&g, "bautzen"),
            area(&g, "zittau"),
            area(&g, "pirna"),
        );
        put(&mut g, Power::Saxony, dresden, 0, 1);
        let serb = place(&mut g, "serbelloni", LLoc::Field(bautzen));
        let browne = place(&mut g, "browne", LLoc::Field(bautzen));
        put(&mut g, Power::Austria, bautzen, 6, 0);
        assert!(rules::in_supply(&g.rules, &g.st, bautzen, Side::Austria));
        assert!(!rules::in_supply(&g.rules, &g.st, zittau, Side::Austria));
        assert!(rules::in_supply(&g.rules, &g.st, pirna, Side::Austria));
        g.st.g.phasing = Side::Austria;
        g.st.g.step = Step::March;
        ok(&mut g, SxCommand::Select { leader: browne });
        if follow {
            // taken along by Browne (SIV 2) he goes where Browne goes
            ok(&mut g, SxCommand::PickUp { leader: serb });
            g.dice.script([6]);
            ok(&mut g, SxCommand::March);
            ok(&mut g, SxCommand::Enter { area: zittau });
            ok(&mut g, SxCommand::Halt);
            assert_eq!(g.st.leaders[serb as usize].loc, LLoc::Field(zittau));
            assert_eq!(g.st.areas[zittau as usize].field[Power::Austria.idx()], 6);
        } else {
            ok(&mut g, SxCommand::Take { sp: 0 });
            ok(&mut g, SxCommand::Halt);
            ok(&mut g, SxCommand::Select { leader: serb });
            g.dice.script([6]);
            ok(&mut g, SxCommand::March);
            let r = refused_absent(&mut g, SxCommand::Enter { area: zittau });
            assert_eq!(r.rule, "supply.siv");
            // into supply he may go
            assert!(g.legal().contains(&SxCommand::Enter { area: pirna }));
            ok(&mut g, SxCommand::Enter { area: pirna });
            assert_eq!(g.st.leaders[serb as usize].loc, LLoc::Field(pirna));
            assert_eq!(g.st.areas[bautzen as usize].field[Power::Austria.idx()], 0);
        }
    }
}

#[test]
fn a_demoralized_force_may_not_split() {
    // rule morale.states: Frederick's demoralized force (10 SP, Schwerin) marches whole
    let mut g = deployed();
    empty_map(&mut g);
    let (magdeburg, berlin, wittenberg) = (
        area(&g, "magdeburg"),
        area(&g, "berlin"),
        area(&g, "wittenberg"),
    );
    put(&mut g, Power::Prussia, magdeburg, 0, 2);
    let fred = place(&mut g, "frederick", LLoc::Field(berlin));
    let schwerin = place(&mut g, "schwerin", LLoc::Field(berlin));
    put(&mut g, Power::Prussia, berlin, 10, 0);
    g.st.areas[berlin as usize].demoralized[Power::Prussia.idx()] = true;
    ok(&mut g, SxCommand::Select { leader: fred });
    let r = refused_absent(&mut g, SxCommand::Take { sp: 5 });
    assert_eq!(r.rule, "morale.states");
    // Schwerin must come along too
    let r = refused_absent(&mut g, SxCommand::March);
    assert_eq!(r.rule, "morale.states");
    ok(&mut g, SxCommand::PickUp { leader: schwerin });
    assert!(g.legal().contains(&SxCommand::March));
    g.dice.script([6]); // 6 + SIV 0 (demoralized): one area
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: wittenberg });
    let x = &g.st.areas[wittenberg as usize];
    assert_eq!(x.field[Power::Prussia.idx()], 10);
    assert!(x.demoralized[Power::Prussia.idx()]);
    assert_eq!(g.st.areas[berlin as usize].field[Power::Prussia.idx()], 0);
    assert_eq!(g.st.leaders[schwerin as usize].loc, LLoc::Field(wittenberg));
}

#[test]
fn a_good_force_joining_a_demoralized_one_becomes_demoralized() {
    // rule morale.states: Schwerin's good force (5 SP) marches into Berlin, where
    // Frederick's demoralized 5 SP stand
    let mut g = deployed();
    empty_map(&mut g);
    let (magdeburg, berlin, wittenberg) = (
        area(&g, "magdeburg"),
        area(&g, "berlin"),
        area(&g, "wittenberg"),
    );
    put(&mut g, Power::Prussia, magdeburg, 0, 2);
    let fred = place(&mut g, "frederick", LLoc::Field(berlin));
    put(&mut g, Power::Prussia, berlin, 5, 0);
    g.st.areas[berlin as usize].demoralized[Power::Prussia.idx()] = true;
    let schwerin = place(&mut g, "schwerin", LLoc::Field(wittenberg));
    put(&mut g, Power::Prussia, wittenberg, 5, 0);
    ok(&mut g, SxCommand::Select { leader: fred });
    ok(&mut g, SxCommand::Halt);
    ok(&mut g, SxCommand::Select { leader: schwerin });
    // a good leader marches with his SIV: 1 + 3 = 4, one area
    assert_eq!(rules::eff_siv(&g.rules, &g.st, schwerin), 3);
    g.dice.script([1]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: berlin });
    let x = &g.st.areas[berlin as usize];
    assert_eq!(x.field[Power::Prussia.idx()], 10);
    assert!(x.demoralized[Power::Prussia.idx()]);
    assert_eq!(rules::eff_siv(&g.rules, &g.st, schwerin), 0);
    assert!(!g.st.areas[wittenberg as usize].demoralized[Power::Prussia.idx()]);
}

#[test]
fn a_demoralized_force_may_not_besiege() {
    // rule morale.states, siege.conditions: Keith's 6 SP with a completed depot before
    // Dresden's 5 Saxon SP besiege it, unless demoralized
    for demoralized in [false, true] {
        let mut g = deployed();
        empty_map(&mut g);
        let dresden = area(&g, "dresden");
        put(&mut g, Power::Saxony, dresden, 0, 5);
        place(&mut g, "rutowsky", LLoc::Garrison(dresden));
        put(&mut g, Power::Prussia, dresden, 6, 0);
        place(&mut g, "keith", LLoc::Field(dresden));
        g.st.areas[dresden as usize].depot = Some(Depot {
            owner: Side::Prussia,
            complete: true,
            siege: true,
        });
        g.st.areas[dresden as usize].demoralized[Power::Prussia.idx()] = demoralized;
        g.st.g.step = Step::Siege;
        g.st.g.sieges_tried.clear();
        if demoralized {
            let r = refused_absent(&mut g, SxCommand::Siege { area: dresden });
            assert_eq!(r.rule, "siege.conditions");
            assert!(r.reason.contains("not demoralized"), "{r}");
        } else {
            g.dice.script([3]);
            ok(&mut g, SxCommand::Siege { area: dresden });
            assert!(g.dice.rolls.iter().any(|r| r.rule == "siege.resolution"));
        }
    }
}

/// Lehwaldt (SIV 1) with 30 SP and Rutowsky with 5 Saxon SP both in the field at
/// Dresden; Prussia marches (phase 3), or force marches in Austria's turn (phase 4).
fn lehwaldt_at_dresden(forced: bool) -> (PureGame<SaxonWar>, AreaId, LeaderId, LeaderId) {
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    let leh = place(&mut g, "lehwaldt", LLoc::Field(dresden));
    put(&mut g, Power::Prussia, dresden, 30, 0);
    let rut = place(&mut g, "rutowsky", LLoc::Field(dresden));
    put(&mut g, Power::Saxony, dresden, 5, 0);
    if forced {
        g.st.g.phasing = Side::Austria;
        g.st.g.step = Step::ForceMarch;
    }
    ok(&mut g, SxCommand::Select { leader: leh });
    g.dice.script([1]); // 1 + SIV 1 = 2: no move
    ok(&mut g, SxCommand::March);
    assert_eq!(
        g.st.g.march.as_ref().map(|m| (m.left, m.entered)),
        Some((0, 0))
    );
    (g, dresden, leh, rut)
}

#[test]
fn a_leader_who_failed_his_march_roll_may_still_attack_but_not_in_a_force_march() {
    // rule move.overwhelm: "a leader who failed to move may still attempt an overwhelming
    // attack, but not during force marching"
    let (mut g, dresden, leh, rut) = lehwaldt_at_dresden(false);
    assert!(
        g.legal()
            .contains(&SxCommand::Overwhelm { fortress: false })
    );
    g.dice.script([6, 1]); // 6 + 1 against 1 + 0
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
    assert_eq!(g.st.leaders[leh as usize].loc, LLoc::Field(dresden));

    let (mut g, dresden, _, rut) = lehwaldt_at_dresden(true);
    let r = refused_absent(&mut g, SxCommand::Overwhelm { fortress: false });
    assert_eq!(r.rule, "move.overwhelm");
    assert!(r.reason.contains("failed his force march"), "{r}");
    assert_eq!(g.st.areas[dresden as usize].field[Power::Saxony.idx()], 5);
    assert_eq!(g.st.leaders[rut as usize].loc, LLoc::Field(dresden));
}

#[test]
fn no_overwhelming_attack_on_a_besieged_fortress() {
    // rule fortress.garrison, move.overwhelm-fortress: Frederick's 20 SP enter Dresden,
    // whose 2 Saxon SP are besieged by Keith (10 SP and a completed depot); without the
    // depot the fortress is not besieged and the attack is offered
    for besieged in [true, false] {
        let mut g = deployed();
        empty_map(&mut g);
        let (torgau, dresden) = (area(&g, "torgau"), area(&g, "dresden"));
        let fred = place(&mut g, "frederick", LLoc::Field(torgau));
        put(&mut g, Power::Prussia, torgau, 20, 0);
        put(&mut g, Power::Saxony, dresden, 0, 2);
        place(&mut g, "keith", LLoc::Field(dresden));
        put(&mut g, Power::Prussia, dresden, 10, 0);
        if besieged {
            g.st.areas[dresden as usize].depot = Some(Depot {
                owner: Side::Prussia,
                complete: true,
                siege: true,
            });
        }
        assert_eq!(
            rules::besieger(&g.rules, &g.st, dresden),
            besieged.then_some(Side::Prussia)
        );
        ok(&mut g, SxCommand::Select { leader: fred });
        g.dice.script([1]);
        ok(&mut g, SxCommand::March);
        ok(&mut g, SxCommand::Enter { area: dresden });
        if besieged {
            let r = refused_absent(&mut g, SxCommand::Overwhelm { fortress: true });
            assert_eq!(r.rule, "fortress.garrison");
            assert_eq!(
                g.st.areas[dresden as usize].garrison[Power::Saxony.idx()],
                2
            );
        } else {
            assert!(g.legal().contains(&SxCommand::Overwhelm { fortress: true }));
        }
    }
}

#[test]
fn a_besieger_may_decline_the_storm_and_roll_again_next_turn() {
    // rule siege.honors: "the besieger may decline and return to the siege resolution
    // table next turn"
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    put(&mut g, Power::Saxony, dresden, 0, 5);
    place(&mut g, "rutowsky", LLoc::Garrison(dresden));
    put(&mut g, Power::Prussia, dresden, 10, 0);
    place(&mut g, "keith", LLoc::Field(dresden));
    g.st.areas[dresden as usize].depot = Some(Depot {
        owner: Side::Prussia,
        complete: true,
        siege: true,
    });
    g.st.g.step = Step::Siege;
    g.st.g.sieges_tried.clear();
    g.dice.script([6]);
    ok(&mut g, SxCommand::Siege { area: dresden });
    ok(&mut g, SxCommand::Honors { grant: false });
    ok(&mut g, SxCommand::Accept { accept: false });
    assert!(g.legal().contains(&SxCommand::Storm { storm: false }));
    ok(&mut g, SxCommand::Storm { storm: false });
    // the garrison holds, the besieger has lost nothing, and the siege goes on
    let x = &g.st.areas[dresden as usize];
    assert_eq!(x.garrison[Power::Saxony.idx()], 5);
    assert_eq!(x.field[Power::Prussia.idx()], 10);
    assert_eq!(x.holder, Some(Side::Austria));
    assert!(g.st.g.siege.is_none());
    assert_eq!(
        rules::besieger(&g.rules, &g.st, dresden),
        Some(Side::Prussia)
    );
    // not again this phase
    refused_absent(&mut g, SxCommand::Siege { area: dresden });
    // next turn, in Prussia's siege phase, the table again
    drive(&mut g, |s| {
        s.g.turn == 10 && s.g.phasing == Side::Prussia && s.g.step == Step::Siege
    });
    assert!(g.legal().contains(&SxCommand::Siege { area: dresden }));
    g.dice.script([6]);
    ok(&mut g, SxCommand::Siege { area: dresden });
    assert_eq!(
        g.st.g.siege.as_ref().map(|s| s.stage),
        Some(SiegeStage::Honors)
    );
}

#[test]
fn a_wounded_leader_returns_after_his_turns_to_a_friendly_force() {
    // rule campaign.casualties: 6 + 6 against 1 + 5: Browne beaten by 6 rolls 5 (wounded)
    // and 2 turns; he returns in Austria's morale recovery phase of turn 11
    let (mut g, dresden) = battle_at("frederick", 15, &["browne"], 10);
    // an Austrian garrison at Pirna keeps the area around in supply
    let pirna = area(&g, "pirna");
    put(&mut g, Power::Austria, pirna, 0, 2);
    let browne = leader(&g, "browne");
    g.dice.script([6, 1, 5, 2, 6]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert_eq!(
        g.st.leaders[browne as usize].loc,
        LLoc::Wounded(g.st.abs_turn() + 2)
    );
    assert!(logged(&g, "Browne is wounded for 2 turns"));
    // the beaten Austrians (no leader now) leave the field
    retreat_into_the_field(&mut g, dresden);
    drive(&mut g, |s| s.g.turn == 11);
    assert!(matches!(
        g.st.leaders[browne as usize].loc,
        LLoc::Wounded(_)
    ));
    drive(&mut g, |s| s.g.phasing == Side::Austria);
    // campaign.casualties: with two or more friendly forces open, Austria picks one
    if let Some(c) = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, SxCommand::ReturnWounded { .. }))
    {
        ok(&mut g, c);
    }
    match g.st.leaders[browne as usize].loc {
        LLoc::Field(at) => assert!(g.st.areas[at as usize].field[Power::Austria.idx()] > 0),
        LLoc::Garrison(at) => {
            assert!(g.st.areas[at as usize].garrison[Power::Austria.idx()] > 0);
            assert_eq!(rules::besieger(&g.rules, &g.st, at), None);
        }
        l => panic!("Browne not back: {l:?}"),
    }
    assert!(logged(&g, "Browne returns from his wound"));
}

#[test]
fn the_pursuit_is_shifted_a_hundred_against_a_winner_whose_siv_is_two_lower() {
    // rule campaign.pursuit: Lehwaldt (SIV 1) beats Hadik (SIV 3) by 3: 150 - 100 = 50
    // per mille of Austria's 106.5 points = 5.3 points, under 2/3 of an SP: no prisoners,
    // normal losses (26.6 + 5.3 points = 3 SP)
    let (mut g, dresden) = battle_at("lehwaldt", 15, &["hadik"], 10);
    // AIV 2 + points 1 against DIV 2 + position 1: 5 + 3 against 2 + 3
    g.dice.script([5, 2]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert_eq!(battle_totals(&g), vec![8, 5]);
    let o = &g.st.g.last_battle.as_ref().expect("fought").outcome;
    assert_eq!(
        (o.winner, o.margin, o.pursuit),
        (Some(Side::Prussia), 3, 50)
    );
    assert_eq!(g.st.areas[dresden as usize].field[Power::Austria.idx()], 7);
    assert_eq!(g.st.pools.eliminated[Power::Austria.idx()], 3);
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()],
        0
    );
    // Schwerin (SIV 3) winning by 3 pursues with 150 per mille: 1 SP prisoner
    let (mut g, dresden) = battle_at("schwerin", 15, &["hadik"], 10);
    g.dice.script([3, 2]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert_eq!(battle_totals(&g), vec![8, 5]);
    let o = &g.st.g.last_battle.as_ref().expect("fought").outcome;
    assert_eq!(o.pursuit, 150);
    assert_eq!(g.st.areas[dresden as usize].field[Power::Austria.idx()], 7);
    assert_eq!(g.st.pools.eliminated[Power::Austria.idx()], 2);
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()],
        1
    );
}

#[test]
fn a_battle_after_a_mountain_pass_is_fought_on_rough_ground() {
    // rule campaign.terrain: Frederick (15 SP) enters Leitmeritz against Browne (10 SP)
    // over the pass from Pirna, or by the open road from Prague; 3 + 6 against 3 + 6
    // (rough ground) is drawn, 3 + 6 against 3 + 5 is Prussia's
    for (from, pass) in [("pirna", true), ("prague", false)] {
        let mut g = deployed();
        empty_map(&mut g);
        let (start, leitmeritz) = (area(&g, from), area(&g, "leitmeritz"));
        assert_eq!(g.rules.adjacent(start, leitmeritz), Some(pass));
        let fred = place(&mut g, "frederick", LLoc::Field(start));
        put(&mut g, Power::Prussia, start, 15, 0);
        place(&mut g, "browne", LLoc::Field(leitmeritz));
        put(&mut g, Power::Austria, leitmeritz, 10, 0);
        ok(&mut g, SxCommand::Select { leader: fred });
        g.dice.script([1]);
        ok(&mut g, SxCommand::March);
        ok(&mut g, SxCommand::Enter { area: leitmeritz });
        ok(&mut g, SxCommand::Halt);
        ok(&mut g, SxCommand::Done); // Austria's force marches
        assert_eq!(g.st.g.step, Step::Combat);
        ok(&mut g, SxCommand::Fight { fight: true });
        ok(&mut g, SxCommand::Fight { fight: true });
        let v = battle::current(&g.rules, &g.st).expect("a battle");
        assert_eq!(v.inputs.rough, pass);
        let def: i32 = v.positional.def_mods.iter().map(|m| m.1).sum();
        assert_eq!(def, if pass { 6 } else { 5 });
        g.dice.script([3, 3]);
        ok(&mut g, SxCommand::BattleKind { maneuver: false });
        assert_eq!(battle_totals(&g), vec![9, if pass { 9 } else { 8 }]);
        let o = &g.st.g.last_battle.as_ref().expect("fought").outcome;
        assert_eq!(o.winner, (!pass).then_some(Side::Prussia), "pass {pass}");
    }
}

#[test]
fn a_maneuver_battle_is_resolved_as_its_odds_said() {
    // rule campaign.deployment: Browne chooses a maneuver battle against Frederick: AIV 5
    // + points 1 + the higher initiative 1 against DIV 4 (30, 3, 3 in 36); 1 + 7 against
    // 5 + 4: Austria wins by 1
    let (mut g, dresden) = battle_at("frederick", 15, &["browne"], 10);
    let v = battle::current(&g.rules, &g.st).expect("a battle");
    assert_eq!(v.maneuver.odds, (30, 3, 3));
    assert!(v.maneuver.margins.contains(&(-1, 2)));
    let expected = battle::outcome(&v.inputs, 8, 9);
    g.dice.script([1, 5]);
    ok(&mut g, SxCommand::BattleKind { maneuver: true });
    assert_eq!(battle_totals(&g), vec![8, 9]);
    let rep = g.st.g.last_battle.as_ref().expect("fought");
    assert!(rep.maneuver);
    assert_eq!(rep.outcome, expected);
    assert_eq!(
        (rep.outcome.winner, rep.outcome.margin),
        (Some(Side::Austria), 1)
    );
    assert!(logged(&g, "maneuver"));
    // Prussia loses 15 % of 160 points = 24 points = 2 SP (10.65 a SP); the pursuit by
    // Browne, whose SIV is 2 below Frederick's, is 50 - 100: none; Austria loses 5 % of
    // 106.5 = 5.3 points: no SP
    let x = &g.st.areas[dresden as usize];
    assert_eq!(x.field[Power::Prussia.idx()], 13);
    assert_eq!(x.field[Power::Austria.idx()], 10);
    assert_eq!(g.st.pools.eliminated[Power::Prussia.idx()], 2);
    assert_eq!(
        g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()],
        0
    );
    // the loser is demoralized and must leave (combat.post-battle)
    assert!(x.demoralized[Power::Prussia.idx()]);
    assert_eq!(g.st.g.step, Step::Retreat);
}

#[test]
fn the_year_ends_early_when_every_force_is_in_winter_quarters() {
    // rule grand.initiation: "up to turn 18 or until all forces are in winter quarters"
    for all_inside in [true, false] {
        let mut g = deployed();
        empty_map(&mut g);
        g.st.g.turn = 16;
        let (magdeburg, prague, leitmeritz) = (
            area(&g, "magdeburg"),
            area(&g, "prague"),
            area(&g, "leitmeritz"),
        );
        put(&mut g, Power::Prussia, magdeburg, 0, 5);
        put(&mut g, Power::Austria, prague, 0, 5);
        if !all_inside {
            put(&mut g, Power::Austria, leitmeritz, 5, 0);
        }
        drive(&mut g, |s| s.g.step == Step::GameOver || s.g.turn == 17);
        if all_inside {
            assert_eq!((g.st.g.step, g.st.g.turn), (Step::GameOver, 16));
            assert!(
                g.st.g.result.starts_with("End of 1756"),
                "{}",
                g.st.g.result
            );
        } else {
            assert_eq!(g.st.g.turn, 17);
            assert_ne!(g.st.g.step, Step::GameOver);
        }
    }
}

/// The Grand Campaign with every force deployed by commands (the last legal deployment
/// first), then the map emptied, at Austria's attrition phase of turn 18 of `year`.
fn grand_year_end(year: u16) -> PureGame<SaxonWar> {
    let mut g = game("saxonwar-grand");
    while g.st.g.step == Step::Deploy {
        let c = g
            .legal()
            .into_iter()
            .rev()
            .find(|c| matches!(c, SxCommand::DeploySp { .. } | SxCommand::Deploy { .. }))
            .expect("a deployment");
        ok(&mut g, c);
    }
    g.st.g.year = year;
    g.st.g.turn = 18;
    g.st.g.phasing = Side::Austria;
    g.st.g.step = Step::Attrition;
    g
}

#[test]
fn russia_leaves_the_war_from_1760_on_a_rising_roll() {
    // rule grand.diplomacy: from 1760 Russia leaves on a 1 (1761: 1-2, 1762: 1-3)
    // (the year the strategic sequence begins, the die, Russia leaves)
    for (year, die, leaves) in [
        (1759u16, 1u8, false),
        (1760, 1, true),
        (1760, 2, false),
        (1761, 2, true),
        (1761, 3, false),
        (1762, 3, true),
    ] {
        let mut g = grand_year_end(year - 1);
        empty_map(&mut g);
        g.st.g.opened = true;
        g.st.g.active[Power::Russia.idx()] = true;
        let russia = g.rules.russia;
        put(&mut g, Power::Russia, russia, 5, 0);
        g.dice.script([die]);
        ok(&mut g, SxCommand::Roll);
        assert_eq!(g.st.g.year, year);
        let rolled = g
            .dice
            .rolls
            .iter()
            .find(|r| r.rule == "grand.diplomacy" && r.purpose.contains("Russia leaves"));
        if year < 1760 {
            assert!(rolled.is_none(), "no roll before 1760");
            assert!(!g.st.g.out[Power::Russia.idx()]);
            continue;
        }
        assert_eq!(rolled.map(|r| r.die), Some(die));
        assert_eq!(
            g.st.g.out[Power::Russia.idx()],
            leaves,
            "{year}: rolls {die}"
        );
        assert_eq!(
            g.st.areas[russia as usize].field[Power::Russia.idx()] == 0,
            leaves
        );
        if leaves {
            assert!(logged(&g, "Russia leaves the war"));
        }
    }
}

fn army(g: &PureGame<SaxonWar>, p: Power) -> u16 {
    g.st.pools.undeployed[p.idx()]
        + g.st
            .areas
            .iter()
            .map(|a| a.field[p.idx()] + a.garrison[p.idx()])
            .sum::<u16>()
}

#[test]
fn force_increments_buy_sp_with_rp_within_a_third_and_the_army_maximum() {
    // rule grand.increment, grand.strengths: 1 RP buys 1 SP; at most a third of the
    // starting RP in one phase (France 75: 25); never above the army maximum (Austria
    // 65); never more than the RP left (Russia 25, 20 spent: 5)
    let mut g = grand_year_end(1756);
    g.st.pools.rp_spent[Power::Russia.idx()] = 20;
    ok(&mut g, SxCommand::Roll);
    assert_eq!((g.st.g.year, g.st.g.step), (1757, Step::Increment));
    assert_eq!(g.st.g.deploying, Side::Austria);
    // the army maximum
    let room = 65 - army(&g, Power::Austria);
    assert!(room > 0 && room < 50, "Austria's room {room}");
    assert!(g.legal().contains(&SxCommand::Buy {
        power: Power::Austria,
        sp: room
    }));
    let r = refused_absent(
        &mut g,
        SxCommand::Buy {
            power: Power::Austria,
            sp: room + 1,
        },
    );
    assert_eq!(r.rule, "grand.increment");
    // a third of the starting RP
    assert!(80 - army(&g, Power::France) > 25);
    assert!(g.legal().contains(&SxCommand::Buy {
        power: Power::France,
        sp: 25
    }));
    refused_absent(
        &mut g,
        SxCommand::Buy {
            power: Power::France,
            sp: 26,
        },
    );
    let before = (
        army(&g, Power::France),
        g.st.pools.total[Power::France.idx()],
    );
    ok(
        &mut g,
        SxCommand::Buy {
            power: Power::France,
            sp: 10,
        },
    );
    assert_eq!(g.st.pools.rp_spent[Power::France.idx()], 10);
    assert_eq!(army(&g, Power::France), before.0 + 10);
    assert_eq!(g.st.pools.total[Power::France.idx()], before.1 + 10);
    assert!(g.legal().contains(&SxCommand::Buy {
        power: Power::France,
        sp: 15
    }));
    refused_absent(
        &mut g,
        SxCommand::Buy {
            power: Power::France,
            sp: 16,
        },
    );
    // the RP left
    assert!(g.legal().contains(&SxCommand::Buy {
        power: Power::Russia,
        sp: 5
    }));
    refused_absent(
        &mut g,
        SxCommand::Buy {
            power: Power::Russia,
            sp: 6,
        },
    );
    // Prussia's side buys in its own turn
    refused_absent(
        &mut g,
        SxCommand::Buy {
            power: Power::Prussia,
            sp: 1,
        },
    );
}

#[test]
fn a_country_surrenders_when_its_last_starting_fortress_falls() {
    // rule grand.surrender: Austria, Prussia and France (the game ends when Prussia or
    // Austria surrenders; France's forces leave the map and the war goes on)
    for (p, target, attacker) in [
        (Power::Austria, "prague", Power::Prussia),
        (Power::Prussia, "magdeburg", Power::Austria),
        (Power::France, "wesel", Power::Prussia),
    ] {
        let mut g = deployed();
        empty_map(&mut g);
        g.st.g.opened = true;
        g.st.g.active[p.idx()] = true;
        let t = area(&g, target);
        let forts = rules::starting_fortresses(&g.rules, p);
        assert!(forts.contains(&t) && forts.len() >= 2, "{p:?}");
        for a in &forts {
            if *a != t {
                g.st.areas[*a as usize].holder = Some(p.side().other());
            }
        }
        // a field force of the power elsewhere, removed with it
        let elsewhere = forts.iter().copied().find(|a| *a != t).expect("another");
        put(&mut g, p, elsewhere, 3, 0);
        put(&mut g, p, t, 0, 2);
        put(&mut g, attacker, t, 6, 0);
        g.st.areas[t as usize].depot = Some(Depot {
            owner: attacker.side(),
            complete: true,
            siege: true,
        });
        g.st.g.phasing = attacker.side();
        g.st.g.step = Step::Siege;
        g.st.g.sieges_tried.clear();
        assert!(!g.st.g.out[p.idx()]);
        g.dice.script([6]);
        ok(&mut g, SxCommand::Siege { area: t });
        ok(&mut g, SxCommand::Honors { grant: false });
        ok(&mut g, SxCommand::Accept { accept: true });
        assert!(g.st.g.out[p.idx()], "{p:?} surrenders");
        assert!(logged(&g, &format!("{} surrenders", p.name())));
        assert_eq!(g.st.areas[elsewhere as usize].field[p.idx()], 0);
        match p {
            Power::France => assert_ne!(g.st.g.step, Step::GameOver),
            _ => {
                assert_eq!(g.st.g.step, Step::GameOver);
                assert_eq!(g.st.g.winner, Some(attacker.side()));
            }
        }
    }
}

#[test]
fn prisoners_without_a_fortress_to_go_to_are_not_exchanged() {
    // rule prisoners.exchange: each side holds 2 SP of the other; Austria's only
    // fortress still its own, Prague, is besieged: no Austrian may be released, so the
    // one-for-one exchange releases no one; with Prague free both go home
    for besieged in [true, false] {
        let mut g = deployed();
        empty_map(&mut g);
        let (magdeburg, prague) = (area(&g, "magdeburg"), area(&g, "prague"));
        put(&mut g, Power::Prussia, magdeburg, 0, 1);
        for a in rules::starting_fortresses(&g.rules, Power::Austria) {
            if a != prague {
                g.st.areas[a as usize].holder = Some(Side::Prussia);
            }
        }
        put(&mut g, Power::Austria, prague, 0, 2);
        place(&mut g, "keith", LLoc::Field(prague));
        put(&mut g, Power::Prussia, prague, 10, 0);
        if besieged {
            g.st.areas[prague as usize].depot = Some(Depot {
                owner: Side::Prussia,
                complete: true,
                siege: true,
            });
        }
        g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()] = 2;
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()] = 2;
        g.st.pools.total[Power::Prussia.idx()] += 2;
        g.st.pools.total[Power::Austria.idx()] += 2;
        drive(&mut g, |s| s.g.turn == 10);
        assert_eq!(
            rules::besieger(&g.rules, &g.st, prague),
            besieged.then_some(Side::Prussia)
        );
        let left = if besieged { 2 } else { 0 };
        assert_eq!(
            g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()],
            left
        );
        assert_eq!(
            g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()],
            left
        );
        assert_eq!(
            g.st.areas[prague as usize].garrison[Power::Austria.idx()],
            4 - left
        );
    }
}

#[test]
fn the_commander_is_the_senior_leader_of_the_power_with_the_most_sp() {
    // rule forces: the force's commander is its lowest-numbered leader: Browne (rank 2,
    // DIV 4) commands Hadik (rank 7, DIV 2): 3 + AIV 5 + points 1 against 3 + DIV 4 +
    // position 1
    let (mut g, _) = battle_at("frederick", 15, &["hadik", "browne"], 10);
    let browne = leader(&g, "browne");
    let v = battle::current(&g.rules, &g.st).expect("a battle");
    assert_eq!(v.inputs.def.leader, Some(browne));
    g.dice.script([3, 3]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert_eq!(battle_totals(&g), vec![9, 8]);

    // in an area of two powers, the power with the most SP commands: Rutowsky's 6 Saxon
    // SP outnumber Browne's 4 Austrian: Rutowsky's DIV 3
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    place(&mut g, "frederick", LLoc::Field(dresden));
    put(&mut g, Power::Prussia, dresden, 15, 0);
    place(&mut g, "browne", LLoc::Field(dresden));
    put(&mut g, Power::Austria, dresden, 4, 0);
    let rut = place(&mut g, "rutowsky", LLoc::Field(dresden));
    put(&mut g, Power::Saxony, dresden, 6, 0);
    ok(&mut g, SxCommand::Done);
    ok(&mut g, SxCommand::Done);
    ok(&mut g, SxCommand::Fight { fight: true });
    ok(&mut g, SxCommand::Fight { fight: true });
    let v = battle::current(&g.rules, &g.st).expect("a battle");
    assert_eq!(v.inputs.def.leader, Some(rut));
    g.dice.script([3, 3]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert_eq!(battle_totals(&g), vec![9, 7]);
}
