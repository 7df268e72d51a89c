//! Great Saxon War 1756: the minor points of the confirmation audit of the audit-6 fixes
//! (docs/games/saxonwar-audit6-confirmation.md) and the audit's last untested case
//! (docs/games/saxonwar-audit6.md, case 8), driven by commands. Each test cites the
//! article's section by the ids of docs/games/saxonwar.md and would fail if the rule
//! were broken (the mutation each was checked against is named in its comment).

use crate::sx_core::{area, deployed, drive, empty_map, leader, ok, place, put};
use crate::sx_f::{broglie_enters_magdeburg, siege_of_wittenberg};
use feldzug::engine::game::PureGame;
use feldzug::games::saxonwar::SaxonWar;
use feldzug::games::saxonwar::rules;
use feldzug::games::saxonwar::state::*;

fn logged(g: &PureGame<SaxonWar>, text: &str) -> bool {
    g.log.entries.iter().any(|e| e.text.contains(text))
}

#[test]
fn a_completed_depot_stays_below_ten_sp_and_supplies_while_one_sp_holds_it() {
    // rule supply.depots ("below 10 SP the depot is removed" binds a depot being built:
    // our reading; that side is sx_gaps::a_begun_depot_is_removed_below_ten_sp_and_
    // destroyed_when_interrupted) with supply.sources item 2 ("occupied by at least 1
    // friendly SP"): a completed Prussian depot at Leipzig next to Magdeburg's
    // garrison; Keith with 4 SP at Chemnitz is in supply only through it. Frederick
    // marches 9 of the 10 SP off to Magdeburg: the depot stays with 1 SP, Keith loses
    // nothing in his attrition phase. Taking all 10 leaves the depot in place but not
    // operative, and Keith loses 1 SP. Mutation: removing a completed depot below 10 SP
    // too (flow.rs settle) removes it at once and Keith loses 1 SP with 9 taken.
    for take in [9u16, 10] {
        let mut g = deployed();
        empty_map(&mut g);
        let (leipzig, magdeburg, chemnitz) = (
            area(&g, "leipzig"),
            area(&g, "magdeburg"),
            area(&g, "chemnitz"),
        );
        put(&mut g, Power::Prussia, magdeburg, 0, 1);
        put(&mut g, Power::Prussia, leipzig, 10, 0);
        g.st.areas[leipzig as usize].depot = Some(Depot {
            owner: Side::Prussia,
            complete: true,
            siege: false,
        });
        let fred = place(&mut g, "frederick", LLoc::Field(leipzig));
        let keith = place(&mut g, "keith", LLoc::Field(chemnitz));
        put(&mut g, Power::Prussia, chemnitz, 4, 0);
        assert!(rules::in_supply(&g.rules, &g.st, chemnitz, Side::Prussia));
        ok(&mut g, SxCommand::Select { leader: fred });
        if take < 10 {
            // (the whole force goes along unless told otherwise)
            ok(&mut g, SxCommand::Take { sp: take });
        }
        g.dice.script([1]); // 1 + SIV 4 = 5: one area
        ok(&mut g, SxCommand::March);
        ok(&mut g, SxCommand::Enter { area: magdeburg });
        if g.st.g.march.is_some() {
            ok(&mut g, SxCommand::Halt);
        }
        let x = &g.st.areas[leipzig as usize];
        assert_eq!(x.field[Power::Prussia.idx()], 10 - take);
        assert_eq!(
            x.depot,
            Some(Depot {
                owner: Side::Prussia,
                complete: true,
                siege: false,
            }),
            "take {take}"
        );
        assert!(!logged(&g, "removed: fewer than 10 SP"));
        assert_eq!(
            rules::in_supply(&g.rules, &g.st, chemnitz, Side::Prussia),
            take == 9,
            "take {take}"
        );
        // Austria's attrition phase (the Prussians' forces)
        drive(&mut g, |s| {
            s.g.phasing == Side::Austria && s.g.step == Step::Attrition
        });
        ok(&mut g, SxCommand::Roll);
        assert_eq!(g.st.leaders[keith as usize].loc, LLoc::Field(chemnitz));
        assert_eq!(
            g.st.areas[chemnitz as usize].field[Power::Prussia.idx()],
            if take == 9 { 4 } else { 3 },
            "take {take}"
        );
        assert!(g.st.areas[leipzig as usize].depot.is_some(), "take {take}");
    }
}

#[test]
fn russian_prisoners_are_held_out_of_the_one_for_one_exchange() {
    // rule prisoners.exchange ("exchanged prisoners must be placed in any unbesieged
    // fortress of that nationality; if this is not possible they may not be exchanged
    // but are held on to"), OUR READING with the RECONSTRUCTED map (no Russian fortress,
    // only the Russia box): Prussia holds 3 Russian SP and 1 Austrian SP, Austria holds
    // 2 Prussian SP. Only the Austrian counts: 1 for 1, the Russians stay prisoners and
    // Austria keeps one Prussian. Mutation: the Russia box as a place for released
    // Russians (flow.rs exchange_dests) makes it 2 for 2 with Prussia choosing which
    // to release, and the test fails.
    let mut g = deployed();
    let (magdeburg, prague) = (area(&g, "magdeburg"), area(&g, "prague"));
    g.st.g.active[Power::Russia.idx()] = true;
    put(&mut g, Power::Prussia, magdeburg, 0, 1);
    put(&mut g, Power::Austria, prague, 32, 1);
    let pr = &mut g.st.pools;
    pr.prisoners[Side::Prussia.idx()][Power::Russia.idx()] = 3;
    pr.prisoners[Side::Prussia.idx()][Power::Austria.idx()] = 1;
    pr.prisoners[Side::Austria.idx()][Power::Prussia.idx()] = 2;
    pr.total[Power::Russia.idx()] += 3;
    pr.total[Power::Austria.idx()] += 1;
    pr.total[Power::Prussia.idx()] += 2;
    assert_eq!(g.st.g.turn, 9);
    drive(&mut g, |s| s.g.turn == 10 && s.g.placing.is_empty());
    let p = &g.st.pools.prisoners;
    assert_eq!(p[Side::Prussia.idx()][Power::Russia.idx()], 3);
    assert_eq!(p[Side::Prussia.idx()][Power::Austria.idx()], 0);
    assert_eq!(p[Side::Austria.idx()][Power::Prussia.idx()], 1);
    // the released Austrian went into Prague, the one released Prussian into a
    // Prussian fortress (Magdeburg's 1 before)
    assert_eq!(
        g.st.areas[prague as usize].garrison[Power::Austria.idx()],
        2
    );
    let inside: u16 =
        g.st.areas
            .iter()
            .map(|a| a.garrison[Power::Prussia.idx()])
            .sum();
    assert_eq!(inside, 2);
    let russians: u16 =
        g.st.areas
            .iter()
            .map(|a| a.field[Power::Russia.idx()] + a.garrison[Power::Russia.idx()])
            .sum();
    assert_eq!(russians, 0);
}

#[test]
fn the_honors_refuge_skips_a_fortress_of_a_major_ally_without_co_operation() {
    // rule siege.honors (the lost item 1, RECONSTRUCTED: the nearest unbesieged friendly
    // fortress) with allies.cooperation ("the forces of 2 or more friendly major powers
    // may not be a combined force in the same area unless those powers have each rolled
    // a 5 or 6"): the Saxon garrison of Wittenberg has 1 French SP with it; with every
    // country open the nearest refuge is Stralsund, where an Austrian garrison stands.
    // France and Austria have not both agreed to co-operate: the garrison goes on to a
    // farther fortress; when both have, it goes to Stralsund. Mutation: dropping the
    // co-operation check of `may_enter` (rules.rs) sends it to Stralsund both times.
    for cooperate in [false, true] {
        let (mut g, wittenberg) = siege_of_wittenberg();
        let stralsund = area(&g, "stralsund");
        g.st.g.opened = true;
        g.st.g.active[Power::France.idx()] = true;
        g.st.g.cooperates[Power::Austria.idx()] = cooperate;
        g.st.g.cooperates[Power::France.idx()] = cooperate;
        // only one of the two agreed: still no co-operation
        if !cooperate {
            g.st.g.cooperates[Power::Austria.idx()] = true;
        }
        put(&mut g, Power::France, wittenberg, 0, 1);
        put(&mut g, Power::Austria, stralsund, 0, 1);
        g.dice.script([6]);
        ok(&mut g, SxCommand::Siege { area: wittenberg });
        ok(&mut g, SxCommand::Honors { grant: true });
        assert_eq!(g.st.areas[wittenberg as usize].holder, Some(Side::Prussia));
        let rut = leader(&g, "rutowsky");
        let LLoc::Garrison(to) = g.st.leaders[rut as usize].loc else {
            panic!("Rutowsky marched out: {:?}", g.st.leaders[rut as usize].loc);
        };
        let x = &g.st.areas[to as usize];
        assert_eq!(
            (
                x.garrison[Power::Saxony.idx()],
                x.garrison[Power::France.idx()]
            ),
            (3, 1),
            "co-operation {cooperate}: {}",
            g.rules.area_name(to)
        );
        assert_eq!(to == stralsund, cooperate, "{}", g.rules.area_name(to));
        assert_eq!(
            g.st.areas[stralsund as usize].garrison[Power::Austria.idx()],
            1
        );
    }
}

#[test]
fn an_anglo_allied_garrison_granted_the_honors_skips_a_refuge_east_of_magdeburg() {
    // rule siege.honors (RECONSTRUCTED item 1) with allies.cooperation ("Anglo-Allied
    // forces may not move further East than Magdeburg"): Browne's 6 Austrian SP with a
    // completed siege depot breach Magdeburg; Hameln is Austrian, so the nearest
    // Prussian-held fortress is Wittenberg, one area east. A Prussian garrison of 3
    // marches there; a Hanoverian one goes west to a Hanoverian fortress instead.
    // Mutation: dropping the Magdeburg limit of `may_enter` (rules.rs) sends the
    // Hanoverians to Wittenberg.
    for p in [Power::Prussia, Power::Hanover] {
        let mut g = deployed();
        empty_map(&mut g);
        g.st.g.opened = true;
        g.st.g.active[Power::Hanover.idx()] = true;
        let (magdeburg, wittenberg, hanover) = (
            area(&g, "magdeburg"),
            area(&g, "wittenberg"),
            area(&g, "hanover"),
        );
        put(&mut g, p, magdeburg, 0, 3);
        put(&mut g, Power::Austria, magdeburg, 6, 0);
        place(&mut g, "browne", LLoc::Field(magdeburg));
        g.st.areas[magdeburg as usize].depot = Some(Depot {
            owner: Side::Austria,
            complete: true,
            siege: true,
        });
        g.st.areas[wittenberg as usize].holder = Some(Side::Prussia);
        g.st.areas[hanover as usize].holder = Some(Side::Austria);
        g.st.g.phasing = Side::Austria;
        g.st.g.step = Step::Siege;
        g.st.g.sieges_tried.clear();
        assert_eq!(
            rules::besieger(&g.rules, &g.st, magdeburg),
            Some(Side::Austria)
        );
        g.dice.script([6]);
        ok(&mut g, SxCommand::Siege { area: magdeburg });
        ok(&mut g, SxCommand::Honors { grant: true });
        assert_eq!(g.st.areas[magdeburg as usize].holder, Some(Side::Austria));
        assert_eq!(g.st.areas[magdeburg as usize].garrison[p.idx()], 0);
        let to = (0..g.st.areas.len() as AreaId)
            .find(|a| g.st.areas[*a as usize].garrison[p.idx()] == 3)
            .expect("the garrison marched out");
        if p == Power::Prussia {
            assert_eq!(to, wittenberg, "{}", g.rules.area_name(to));
        } else {
            assert_ne!(to, wittenberg);
            assert!(rules::own_country(&g.rules, Power::Hanover, to));
            assert!(
                rules::may_enter(&g.rules, &g.st, Power::Hanover, to).is_ok(),
                "{}",
                g.rules.area_name(to)
            );
        }
        assert_eq!(
            g.st.areas[wittenberg as usize].garrison[Power::Hanover.idx()],
            0
        );
    }
}

#[test]
fn a_successful_fortress_attack_costs_the_lent_empire_sp_what_the_french_cannot_pay() {
    // rule move.overwhelm-fortress ("the attacker loses 1 SP for each garrison SP")
    // with allies.minor, ours: the leader's own power pays first, then the lent Empire
    // SPs marching with him (the failed case is sx_f::a_failed_attack_on_a_fortress_
    // costs_the_lent_empire_sp_what_the_french_cannot_pay). Broglie with 1 French and 7
    // lent SP against 2: the 6 takes Magdeburg, the loss of 2 is 1 French + 1 Empire.
    // Mutation: the success branch taking its loss from France only (`lose_from(p, ..)`
    // in steps/march.rs) leaves the Empire at 7.
    let (mut g, magdeburg) = broglie_enters_magdeburg(1, 7);
    g.dice.script([6]);
    ok(&mut g, SxCommand::Overwhelm { fortress: true });
    let x = &g.st.areas[magdeburg as usize];
    assert_eq!(x.holder, Some(Side::Austria));
    assert_eq!(x.garrison[Power::Prussia.idx()], 0);
    assert_eq!(
        g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()],
        1
    );
    assert_eq!(
        (
            x.field[Power::France.idx()],
            x.field[Power::Empire.idx()],
            x.lent
        ),
        (0, 6, 6)
    );
    assert!(logged(&g, "the attacker loses 2 SP"));
    // Broglie still leads the lent SPs that are left
    let broglie = leader(&g, "broglie");
    assert_eq!(g.st.leaders[broglie as usize].loc, LLoc::Field(magdeburg));
}

#[test]
fn the_log_of_an_attack_on_a_field_force_counts_the_lent_empire_sp() {
    // rule move.overwhelm ("4-1 odds") with allies.minor: Broglie with 3 French and 5
    // lent Empire SP (3 + SIV 2: one area) enters Leipzig from Chemnitz, where 2
    // Prussian SP stand in the field; 8 against 2 is 4-1 only with the lent SPs, and
    // the log line says so (as the refusal text does). Mutation: the old `m.sp` in
    // `overwhelm_field` (steps/march.rs) logs "3 SP against 2".
    let mut g = deployed();
    empty_map(&mut g);
    g.st.g.opened = true;
    g.st.g.active[Power::France.idx()] = true;
    g.st.g.active[Power::Empire.idx()] = true;
    g.st.g.phasing = Side::Austria;
    let (chemnitz, leipzig) = (area(&g, "chemnitz"), area(&g, "leipzig"));
    let broglie = place(&mut g, "broglie", LLoc::Field(chemnitz));
    put(&mut g, Power::France, chemnitz, 3, 0);
    put(&mut g, Power::Empire, chemnitz, 5, 0);
    g.st.areas[chemnitz as usize].lent = 5;
    put(&mut g, Power::Prussia, leipzig, 2, 0);
    ok(&mut g, SxCommand::Select { leader: broglie });
    ok(&mut g, SxCommand::TakeLent { sp: 5 });
    g.dice.script([3]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: leipzig });
    assert!(
        g.legal()
            .contains(&SxCommand::Overwhelm { fortress: false })
    );
    g.dice.script([6, 1]);
    ok(&mut g, SxCommand::Overwhelm { fortress: false });
    assert!(
        logged(&g, "overwhelming attack at Leipzig (8 SP against 2)"),
        "{:?}",
        g.log
            .entries
            .iter()
            .filter(|e| e.text.contains("overwhelming attack at"))
            .map(|e| &e.text)
            .collect::<Vec<_>>()
    );
    assert_eq!(g.st.areas[leipzig as usize].field[Power::Prussia.idx()], 0);
    assert_eq!(
        g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()],
        2
    );
}

/// Turn 16 of 1756 (the last year of this scenario) in Prussia's march phase: every
/// piece inside a fortress (a Prussian garrison at Magdeburg, an Austrian one at
/// Prague) except `russians` Russian SP standing in the Russia box.
fn winter_with_russians_in_the_box(russians: u16) -> PureGame<SaxonWar> {
    let mut g = deployed();
    empty_map(&mut g);
    let (magdeburg, prague) = (area(&g, "magdeburg"), area(&g, "prague"));
    put(&mut g, Power::Prussia, magdeburg, 0, 5);
    put(&mut g, Power::Austria, prague, 0, 5);
    g.st.g.active[Power::Russia.idx()] = true;
    let russia = g.rules.russia;
    put(&mut g, Power::Russia, russia, russians, 0);
    g.st.g.turn = 16;
    g
}

#[test]
fn russians_in_the_russia_box_keep_the_year_going_until_winter_attrition_takes_them() {
    // rule turn.sequence ("continues through turn 18 or until all forces have entered
    // Winter Quarters, whichever occurs first") with russia.box and winter.turns ("any
    // force not in a fortress suffers attrition of 1 SP"; the box is no fortress, its
    // Russians are a force in the field, AUDIT14f untested case 8): with no Russians the
    // year (and this one-year game) ends after turn 16; 3 Russians in the box keep it
    // going into turn 17, one SP fewer after the winter attrition of Prussia's turn; 1
    // Russian SP is worn away in that attrition and the year ends after turn 16 after
    // all. Mutation: leaving the Russia box out of the count (flow.rs new_turn) ends
    // the year with 3 Russians there.
    for (russians, goes_on) in [(0u16, false), (3, true), (1, false)] {
        let mut g = winter_with_russians_in_the_box(russians);
        let russia = g.rules.russia;
        drive(&mut g, |s| s.g.turn != 16 || s.g.step == Step::GameOver);
        let left = g.st.areas[russia as usize].field[Power::Russia.idx()];
        assert_eq!(left, russians.saturating_sub(1), "{russians} Russians");
        if goes_on {
            assert_eq!((g.st.g.turn, g.st.g.year), (17, 1756));
            assert_ne!(g.st.g.step, Step::GameOver);
        } else {
            assert_eq!(g.st.g.step, Step::GameOver, "{russians} Russians");
        }
    }
}
