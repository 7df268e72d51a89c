//! Great Saxon War 1756: the defects of the first fresh-eyes audit
//! (docs/games/saxonwar-audit.md), each fixed and driven by commands. Each test cites the
//! article's section by the ids of docs/games/saxonwar.md and failed on the code before
//! its fix. Dice are scripted where a result matters.

use crate::sx_core::{area, deployed, drive, empty_map, game, leader, ok, place, put, refused};
use feldzug::engine::game::PureGame;
use feldzug::engine::game::RulesGame;
use feldzug::games::saxonwar::SaxonWar;
use feldzug::games::saxonwar::state::*;
use feldzug::games::saxonwar::{flow, rules};

/// Prussia's siege phase at Dresden: a Saxon garrison of `garrison` SP with Rutowsky
/// (SIV 0) inside, Keith with `besiegers` SP and a completed siege depot outside; no
/// other Prussian fortress is garrisoned anywhere, so the depot was Prussia's only
/// link to supply.
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
fn a_fortress_taken_by_siege_supplies_its_captor_at_once() {
    // rule supply.sources: fortresses "may be used as such immediately upon their
    // capture"; rule siege.honors (denied: accepted or stormed)
    for storm in [false, true] {
        let (mut g, dresden) = siege_of_dresden(3, 8);
        g.dice.script([6]);
        ok(&mut g, SxCommand::Siege { area: dresden });
        ok(&mut g, SxCommand::Honors { grant: false });
        ok(&mut g, SxCommand::Accept { accept: !storm });
        if storm {
            ok(&mut g, SxCommand::Storm { storm: true });
        }
        // taken, empty, the siege depot gone (supply.depots)
        let x = &g.st.areas[dresden as usize];
        assert_eq!(x.holder, Some(Side::Prussia));
        assert_eq!(g.st.garrison_of(dresden, Side::Prussia), 0);
        assert!(x.depot.is_none());
        let left = x.field[Power::Prussia.idx()];
        assert!(rules::in_supply(&g.rules, &g.st, dresden, Side::Prussia));
        // Austria's attrition phase: Keith's force at Dresden is in supply, no SP lost
        drive(&mut g, |s| {
            s.g.phasing == Side::Austria && s.g.step == Step::Attrition
        });
        ok(&mut g, SxCommand::Roll);
        assert_eq!(
            g.st.areas[dresden as usize].field[Power::Prussia.idx()],
            left,
            "stormed {storm}"
        );
        assert!(
            !g.log
                .entries
                .iter()
                .any(|e| e.rule == "supply.attrition" && e.text.contains("Prussia at Dresden")),
            "stormed {storm}"
        );
    }
}

#[test]
fn a_demoralized_force_stays_demoralized_inside_a_fortress_until_it_recovers() {
    // rule morale.states: "otherwise, it stays demoralized"; morale.recovery
    let mut g = deployed();
    empty_map(&mut g);
    let (magdeburg, wittenberg) = (area(&g, "magdeburg"), area(&g, "wittenberg"));
    put(&mut g, Power::Prussia, magdeburg, 5, 1);
    let keith = place(&mut g, "keith", LLoc::Field(magdeburg));
    g.st.areas[magdeburg as usize].demoralized[Power::Prussia.idx()] = true;
    // an Austrian SP at Wittenberg: 6 against 1 would allow an overwhelming attack
    put(&mut g, Power::Austria, wittenberg, 1, 0);
    // Prussia's marches (turn 9): the beaten force goes inside Magdeburg: the garrison it joins is demoralized too
    ok(&mut g, SxCommand::Select { leader: keith });
    ok(&mut g, SxCommand::IntoFortress);
    assert_eq!(
        g.st.areas[magdeburg as usize].garrison[Power::Prussia.idx()],
        6
    );
    assert!(rules::demoralized(&g.st, Power::Prussia, magdeburg, true));
    // demoralized leaders have SIV 0
    assert_eq!(rules::eff_siv(&g.rules, &g.st, keith), 0);
    // Prussia's next morale recovery rolls for the garrison: 2 + 2 fails
    drive(&mut g, |s| {
        s.g.phasing == Side::Prussia && s.g.step == Step::Morale && s.g.turn == 10
    });
    g.dice.script([2]);
    ok(&mut g, SxCommand::Roll);
    assert!(
        g.dice
            .rolls
            .iter()
            .any(|r| r.rule == "morale.recovery" && r.purpose.contains("(inside)"))
    );
    drive(&mut g, |s| s.g.step == Step::March);
    // it comes out still demoralized: whole, with SIV 0 (6 + 0: one area), and may not
    // attack
    ok(&mut g, SxCommand::Select { leader: keith });
    let r = refused(&mut g, SxCommand::Take { sp: 5 });
    assert_eq!(r.rule, "morale.states");
    assert_eq!(g.st.g.march.as_ref().map(|m| m.sp), Some(6));
    g.dice.script([6]);
    ok(&mut g, SxCommand::March);
    let roll = g.dice.rolls.last().expect("the march roll");
    assert_eq!(roll.total, 6);
    ok(&mut g, SxCommand::Enter { area: wittenberg });
    assert!(g.st.areas[wittenberg as usize].demoralized[Power::Prussia.idx()]);
    let r = refused(&mut g, SxCommand::Overwhelm { fortress: false });
    assert_eq!(r.rule, "morale.states");
}

#[test]
fn hanover_surrenders_only_when_its_own_fortresses_and_minden_and_munster_fall() {
    // rule grand.surrender: the Note adds Minden and Münster to Hanover's own fortresses
    // (Hameln, Stade, Kassel on our map)
    let mut g = deployed();
    empty_map(&mut g);
    // Frederick at Magdeburg (garrisoned) keeps the game waiting in Prussia's marches
    let magdeburg = area(&g, "magdeburg");
    place(&mut g, "frederick", LLoc::Field(magdeburg));
    put(&mut g, Power::Prussia, magdeburg, 5, 1);
    g.st.g.active[Power::Hanover.idx()] = true;
    let hameln = area(&g, "hanover");
    put(&mut g, Power::Hanover, hameln, 0, 2);
    for id in ["minden", "munster"] {
        let a = area(&g, id);
        g.st.areas[a as usize].holder = Some(Side::Austria);
    }
    ok(&mut g, SxCommand::Done); // Prussia's marches: any command settles
    assert_ne!(g.st.g.step, Step::GameOver);
    assert!(!g.st.g.out[Power::Hanover.idx()]);
    assert_eq!(
        g.st.areas[hameln as usize].garrison[Power::Hanover.idx()],
        2
    );
    assert!(
        !g.log
            .entries
            .iter()
            .any(|e| e.text.contains("Hanover surrenders"))
    );
    // once Hameln, Stade and Kassel are taken too, Hanover surrenders
    put(&mut g, Power::Hanover, hameln, 0, 0);
    for id in ["hanover", "stade", "kassel"] {
        let a = area(&g, id);
        g.st.areas[a as usize].holder = Some(Side::Austria);
    }
    ok(&mut g, SxCommand::Done);
    assert!(g.st.g.out[Power::Hanover.idx()]);
    assert!(
        g.log
            .entries
            .iter()
            .any(|e| e.text.contains("Hanover surrenders"))
    );
}

/// Frederick with 15 SP and Browne (SIV 2) with 10 SP in the field at Dresden, in
/// Prussia's combat phase, both willing: the battle waits for Austria's choice.
fn battle_at_dresden(turn: u8) -> (PureGame<SaxonWar>, AreaId) {
    let mut g = deployed();
    empty_map(&mut g);
    g.st.g.turn = turn;
    let dresden = area(&g, "dresden");
    place(&mut g, "frederick", LLoc::Field(dresden));
    put(&mut g, Power::Prussia, dresden, 15, 0);
    place(&mut g, "browne", LLoc::Field(dresden));
    put(&mut g, Power::Austria, dresden, 10, 0);
    drive(&mut g, |s| s.g.step == Step::Combat);
    ok(&mut g, SxCommand::Fight { fight: true });
    ok(&mut g, SxCommand::Fight { fight: true });
    (g, dresden)
}

#[test]
fn the_roll_to_leave_the_field_uses_siv_zero_and_winters_minus_one() {
    // rule combat.post-battle, morale.states: the beaten force is demoralized, its
    // commander's SIV is 0 (not Browne's printed 2); winter.turns: -1 to all movement
    // die rolls. Battle 3 + 6 against 3 + 5: Prussia wins; then the retreat roll.
    for (turn, die, leaves, chance) in [
        (9u8, 2u8, false, "4 in 6"),
        (9, 3, true, "4 in 6"),
        (16, 3, false, "3 in 6"),
        (16, 4, true, "3 in 6"),
    ] {
        let (mut g, _) = battle_at_dresden(turn);
        // the chance is shown before the battle, from the same modifiers
        let prompt = feldzug::engine::step::prompt::<SaxonWar>(&g.rules, &g.st);
        assert!(prompt.contains(chance), "{prompt}");
        g.dice.script([3, 3, die]);
        ok(&mut g, SxCommand::BattleKind { maneuver: false });
        let roll = g.dice.rolls.last().expect("the retreat roll");
        assert_eq!(roll.rule, "combat.post-battle");
        assert_eq!(
            roll.total,
            die as i32 - i32::from(turn >= 16),
            "turn {turn}, die {die}"
        );
        let rt = g.st.g.retreat.as_ref().expect("a retreat");
        assert_eq!(rt.may_leave, leaves, "turn {turn}, die {die}");
    }
}

#[test]
fn a_failed_retreat_roll_or_no_way_out_means_staying_demoralized_without_loss() {
    // rule combat.post-battle, the lost 1-2 item (RECONSTRUCTED): the force stays in
    // the area (or goes into its fortress); no SP are taken
    let (mut g, dresden) = battle_at_dresden(9);
    g.dice.script([3, 3, 2]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert!(!g.st.g.retreat.as_ref().expect("retreat").may_leave);
    let pirna = area(&g, "pirna");
    refused(
        &mut g,
        SxCommand::Retreat {
            area: pirna,
            into_fortress: false,
        },
    );
    let sp = g.st.areas[dresden as usize].field[Power::Austria.idx()];
    let pris = g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()];
    ok(
        &mut g,
        SxCommand::Retreat {
            area: dresden,
            into_fortress: false,
        },
    );
    assert_eq!(g.st.areas[dresden as usize].field[Power::Austria.idx()], sp);
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()],
        pris
    );
    assert!(g.st.areas[dresden as usize].demoralized[Power::Austria.idx()]);

    // a successful roll with every neighbour held by the enemy: no area to go to
    let (mut g, dresden) = battle_at_dresden(9);
    for (o, _) in g.rules.neighbours(dresden).to_vec() {
        put(&mut g, Power::Prussia, o, 1, 0);
    }
    g.dice.script([3, 3, 6]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert!(g.st.g.retreat.as_ref().expect("retreat").may_leave);
    assert!(g.legal().iter().all(|c| matches!(
        c,
        SxCommand::Retreat { area, .. } if *area == dresden
    )));
    let sp = g.st.areas[dresden as usize].field[Power::Austria.idx()];
    let pris = g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()];
    ok(
        &mut g,
        SxCommand::Retreat {
            area: dresden,
            into_fortress: false,
        },
    );
    assert_eq!(g.st.areas[dresden as usize].field[Power::Austria.idx()], sp);
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()],
        pris
    );
}

/// The Grand Campaign deployed by its first legal commands, at the end of `year`'s
/// last player turn (Austria's attrition on turn 18).
fn end_of_year(year: u16) -> PureGame<SaxonWar> {
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
fn a_power_that_lost_all_its_leaders_gets_a_new_one_at_the_redeployment() {
    // rule grand.redeploy: "A player who has lost all his leaders will automatically
    // receive a new random leader. If none are left then he will receive 1 leader with
    // all 0 values." Every leader roll is a 1 (no changes).
    // Saxony's Rutowsky and the Chevalier are lost; Prince Xavier (1758) is drawn in 1759
    let mut g = end_of_year(1758);
    let (rut, chev, xavier) = (
        leader(&g, "rutowsky"),
        leader(&g, "chevalier"),
        leader(&g, "xavier"),
    );
    g.st.leaders[rut as usize].loc = LLoc::Gone;
    g.st.leaders[chev as usize].loc = LLoc::Prisoner(Side::Prussia);
    assert_eq!(g.st.leaders[xavier as usize].loc, LLoc::Pool);
    g.dice.script(std::iter::repeat_n(1, 40));
    ok(&mut g, SxCommand::Roll);
    assert_eq!(g.st.g.year, 1759);
    assert_eq!(g.st.leaders[xavier as usize].loc, LLoc::Undeployed);
    // none left to draw: the unnamed general with all values 0 (RECONSTRUCTED)
    let mut g = end_of_year(1758);
    for l in [rut, chev, xavier] {
        g.st.leaders[l as usize].loc = LLoc::Gone;
    }
    g.dice.script(std::iter::repeat_n(1, 40));
    ok(&mut g, SxCommand::Roll);
    let u = leader(&g, "unnamed_saxony");
    assert_eq!(g.st.leaders[u as usize].loc, LLoc::Undeployed);
    let d = &g.rules.leaders[u as usize];
    assert_eq!((d.siv, d.aiv, d.div), (0, 0, 0));
    // a power with leaders left gets no extra one
    let browne = leader(&g, "browne");
    assert_ne!(g.st.leaders[browne as usize].loc, LLoc::Pool);
    let austrians = (0..g.st.leaders.len() as LeaderId)
        .filter(|l| {
            rules::power_of(&g.rules, *l) == Power::Austria
                && g.st.leaders[*l as usize].loc == LLoc::Undeployed
        })
        .count();
    assert_eq!(austrians, 0);
}

#[test]
fn the_austrian_interdiction_cuts_only_the_prussians_not_the_hanoverians() {
    // rule supply.interdiction: "on a 6 the Prussians are out of supply in that area"
    let mut g = deployed();
    empty_map(&mut g);
    let (magdeburg, berlin) = (area(&g, "magdeburg"), area(&g, "berlin"));
    put(&mut g, Power::Prussia, magdeburg, 0, 2);
    put(&mut g, Power::Prussia, berlin, 6, 0);
    put(&mut g, Power::Hanover, berlin, 4, 0);
    place(&mut g, "frederick", LLoc::Field(berlin));
    put(&mut g, Power::Austria, berlin, 3, 0);
    place(&mut g, "browne", LLoc::Field(berlin));
    drive(&mut g, |s| {
        s.g.phasing == Side::Austria && s.g.step == Step::Attrition
    });
    g.dice.script([6]);
    ok(&mut g, SxCommand::Roll);
    assert!(g.dice.rolls.iter().any(|r| r.rule == "supply.interdiction"));
    let x = &g.st.areas[berlin as usize];
    assert_eq!(x.field[Power::Prussia.idx()], 5);
    assert_eq!(x.field[Power::Hanover.idx()], 4);
}

#[test]
fn the_russia_box_depot_is_no_source_once_russia_has_left_the_war() {
    // rule russia.box: the permanent depot; grand.diplomacy: Russia leaving the war.
    // Swedes at Königsberg, next to the box, with no other source of their side.
    for out in [false, true] {
        let mut g = deployed();
        empty_map(&mut g);
        let konigsberg = area(&g, "konigsberg");
        g.st.g.active[Power::Russia.idx()] = true;
        g.st.g.active[Power::Sweden.idx()] = true;
        g.st.g.out[Power::Russia.idx()] = out;
        put(&mut g, Power::Sweden, konigsberg, 4, 0);
        place(&mut g, "ungern", LLoc::Field(konigsberg));
        assert_eq!(
            rules::in_supply(&g.rules, &g.st, konigsberg, Side::Austria),
            !out
        );
        // Prussia's attrition phase
        drive(&mut g, |s| {
            s.g.phasing == Side::Prussia && s.g.step == Step::Attrition
        });
        ok(&mut g, SxCommand::Roll);
        assert_eq!(
            g.st.areas[konigsberg as usize].field[Power::Sweden.idx()],
            if out { 3 } else { 4 },
            "Russia out {out}"
        );
    }
}

/// Dresden besieged by Keith's 20 SP with a completed depot; a Saxon garrison of 2 with
/// Rutowsky; Browne's relief force of 4 in the field; Prussia's combat phase.
fn relief_of_dresden() -> (PureGame<SaxonWar>, AreaId) {
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    put(&mut g, Power::Saxony, dresden, 0, 2);
    place(&mut g, "rutowsky", LLoc::Garrison(dresden));
    put(&mut g, Power::Prussia, dresden, 20, 0);
    place(&mut g, "keith", LLoc::Field(dresden));
    g.st.areas[dresden as usize].depot = Some(Depot {
        owner: Side::Prussia,
        complete: true,
        siege: true,
    });
    put(&mut g, Power::Austria, dresden, 4, 0);
    place(&mut g, "browne", LLoc::Field(dresden));
    drive(&mut g, |s| s.g.step == Step::Combat);
    (g, dresden)
}

#[test]
fn a_besieger_refusing_battle_who_loses_the_willingness_roll_still_faces_a_sally() {
    // rule fortress.relief: the siege is lifted only if no battle happens; a battle
    // forced on the refusing besieger is a relief battle the garrison may join
    let (mut g, dresden) = relief_of_dresden();
    // Prussia refuses; Austria attacks and wins the willingness roll 6 + 2 against 1 + 2
    ok(&mut g, SxCommand::Fight { fight: false });
    g.dice.script([6, 1]);
    ok(&mut g, SxCommand::Fight { fight: true });
    assert!(!g.log.entries.iter().any(|e| e.text.contains("is lifted")));
    assert_eq!(
        rules::besieger(&g.rules, &g.st, dresden),
        Some(Side::Prussia)
    );
    assert!(g.legal().contains(&SxCommand::Sally { sp: 2 }));
    ok(&mut g, SxCommand::Sally { sp: 2 });
    assert_eq!(g.st.areas[dresden as usize].field[Power::Saxony.idx()], 2);
    // when the besieger wins the roll there is no battle and the siege is lifted
    let (mut g2, dresden) = relief_of_dresden();
    ok(&mut g2, SxCommand::Fight { fight: false });
    g2.dice.script([1, 6]);
    ok(&mut g2, SxCommand::Fight { fight: true });
    assert!(g2.log.entries.iter().any(|e| e.text.contains("is lifted")));
    assert_eq!(rules::besieger(&g2.rules, &g2.st, dresden), None);
}

/// Turn 9 with one prisoner SP on each side (an Austrian held by Prussia, a Prussian
/// held by Austria), played on to the exchange of turn 10.
fn exchange_on_turn_10() -> PureGame<SaxonWar> {
    let mut g = deployed();
    let (magdeburg, prague) = (area(&g, "magdeburg"), area(&g, "prague"));
    put(&mut g, Power::Prussia, magdeburg, 0, 1);
    put(&mut g, Power::Austria, prague, 32, 1);
    g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()] = 1;
    g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()] = 1;
    g.st.pools.total[Power::Prussia.idx()] += 1;
    g.st.pools.total[Power::Austria.idx()] += 1;
    drive(&mut g, |st| !st.g.placing.is_empty());
    g
}

/// The fortresses a released piece may be sent to now (`PlaceReleased` in the legal list).
fn release_picks(g: &PureGame<SaxonWar>) -> Vec<AreaId> {
    g.legal()
        .iter()
        .filter_map(|c| match c {
            SxCommand::PlaceReleased { area } => Some(*area),
            _ => None,
        })
        .collect()
}

#[test]
fn the_owner_of_released_prisoners_picks_the_unbesieged_fortress_they_go_to() {
    // rule prisoners.exchange: "exchanged prisoners must be placed in any unbesieged
    // fortress of that nationality": with two or more, the side they return to picks
    // (audit2 defect 4; the old code took the first by index).
    let mut g = exchange_on_turn_10();
    let (prague, magdeburg) = (area(&g, "prague"), area(&g, "magdeburg"));
    assert_eq!(g.st.g.turn, 10);
    assert_eq!(g.st.g.placing.len(), 2, "{:?}", g.st.g.placing);
    for _ in 0..2 {
        let p = g.st.g.placing[0].power;
        // the owner of the piece picks, and only among the fortresses of its nationality
        assert_eq!(
            SaxonWar::side_to_act(&g.rules, &g.st).as_deref(),
            Some(p.side().name())
        );
        let picks = release_picks(&g);
        assert!(picks.len() >= 2, "a choice: {picks:?}");
        assert_eq!(g.legal().len(), picks.len(), "nothing else until the pick");
        assert_eq!(picks, flow::exchange_dests(&g.rules, &g.st, p));
        assert!(picks.contains(if p == Power::Prussia {
            &magdeburg
        } else {
            &prague
        }));
        let foreign = if p == Power::Prussia {
            prague
        } else {
            magdeburg
        };
        let r = refused(&mut g, SxCommand::PlaceReleased { area: foreign });
        assert_eq!(r.rule, "prisoners.exchange");
        // no rolling for morale before the pick
        let r = refused(&mut g, SxCommand::Roll);
        assert_eq!(r.rule, "prisoners.exchange");
        // the last one listed, not the first by index
        let pick = *picks.last().unwrap();
        let before = g.st.areas[pick as usize].garrison[p.idx()];
        ok(&mut g, SxCommand::PlaceReleased { area: pick });
        assert_eq!(g.st.areas[pick as usize].garrison[p.idx()], before + 1);
        assert_eq!(g.st.pools.prisoners[p.side().other().idx()][p.idx()], 0);
    }
    // nothing left to place: the game runs on and the command is refused
    assert!(g.st.g.placing.is_empty());
    assert_ne!(g.st.g.step, Step::Morale);
    refused(&mut g, SxCommand::PlaceReleased { area: prague });
}

#[test]
fn a_released_prisoner_with_one_unbesieged_fortress_goes_there_without_a_choice() {
    // rule prisoners.exchange: with only one fortress to go to, no pick is asked.
    let mut g = deployed();
    let (magdeburg, prague) = (area(&g, "magdeburg"), area(&g, "prague"));
    // every Prussian fortress but Magdeburg is held by Austria
    for a in 0..g.st.areas.len() as AreaId {
        if a != magdeburg && g.st.areas[a as usize].holder == Some(Side::Prussia) {
            g.st.areas[a as usize].holder = Some(Side::Austria);
        }
    }
    put(&mut g, Power::Prussia, magdeburg, 0, 1);
    put(&mut g, Power::Austria, prague, 32, 1);
    // the Prussian prisoner is released, for an Austrian one
    g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()] = 1;
    g.st.pools.total[Power::Prussia.idx()] += 1;
    g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()] = 1;
    g.st.pools.total[Power::Austria.idx()] += 1;
    let before = g.st.areas[magdeburg as usize].garrison[Power::Prussia.idx()];
    drive(&mut g, |st| st.g.turn == 10 || !st.g.placing.is_empty());
    // the Austrian SP waits for Austria's pick; the Prussian one went to Magdeburg
    assert!(
        g.st.g.placing.iter().all(|x| x.power != Power::Prussia),
        "{:?}",
        g.st.g.placing
    );
    assert_eq!(
        g.st.areas[magdeburg as usize].garrison[Power::Prussia.idx()],
        before + 1
    );
    assert_eq!(
        g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()],
        0
    );
}

/// Prussia's march phase with Browne wounded and due back in Austria's next morale
/// recovery phase; Prussia holds Magdeburg, and besieges an Austrian garrison of 1 SP at
/// Prague (5 SP and a completed depot). The friendly forces of Austria's side are set by
/// the caller.
pub(crate) fn wounded_browne() -> (PureGame<SaxonWar>, LeaderId) {
    let mut g = deployed();
    empty_map(&mut g);
    let (magdeburg, prague) = (area(&g, "magdeburg"), area(&g, "prague"));
    put(&mut g, Power::Prussia, magdeburg, 0, 2);
    put(&mut g, Power::Austria, prague, 0, 1);
    put(&mut g, Power::Prussia, prague, 5, 0);
    g.st.areas[prague as usize].depot = Some(Depot {
        owner: Side::Prussia,
        complete: true,
        siege: true,
    });
    let now = g.st.abs_turn();
    let browne = place(&mut g, "browne", LLoc::Wounded(now));
    (g, browne)
}

/// The `ReturnWounded` choices offered now.
pub(crate) fn return_picks(g: &PureGame<SaxonWar>) -> Vec<(AreaId, bool)> {
    g.legal()
        .iter()
        .filter_map(|c| match c {
            SxCommand::ReturnWounded { area, inside } => Some((*area, *inside)),
            _ => None,
        })
        .collect()
}

#[test]
fn a_wounded_leader_returns_to_the_friendly_force_his_owner_picks() {
    // rule campaign.casualties: "returns during Morale Recovery phase to any friends not
    // besieged": the Saxons count as friends; a besieged garrison does not (audit2
    // defect 6; the old code took the first force of his own power by index)
    let (mut g, browne) = wounded_browne();
    let (prague, dresden, olmutz) = (area(&g, "prague"), area(&g, "dresden"), area(&g, "olmutz"));
    put(&mut g, Power::Saxony, dresden, 5, 1);
    put(&mut g, Power::Austria, olmutz, 0, 2);
    assert_eq!(
        rules::besieger(&g.rules, &g.st, prague),
        Some(Side::Prussia)
    );
    drive(&mut g, |s| s.g.phasing == Side::Austria);
    assert_eq!(g.st.g.step, Step::Morale);
    assert_eq!(
        SaxonWar::side_to_act(&g.rules, &g.st).as_deref(),
        Some("Austria")
    );
    assert!(matches!(
        g.st.leaders[browne as usize].loc,
        LLoc::Wounded(_)
    ));
    let picks = return_picks(&g);
    assert_eq!(
        picks,
        vec![(dresden, false), (dresden, true), (olmutz, true)],
        "the friends not besieged"
    );
    assert_eq!(g.legal().len(), picks.len(), "nothing else until the pick");
    let r = refused(
        &mut g,
        SxCommand::ReturnWounded {
            area: prague,
            inside: true,
        },
    );
    assert_eq!(r.rule, "campaign.casualties");
    let r = refused(&mut g, SxCommand::Roll);
    assert_eq!(r.rule, "campaign.casualties");
    // the Saxon force in the field, not the Austrian garrison
    ok(
        &mut g,
        SxCommand::ReturnWounded {
            area: dresden,
            inside: false,
        },
    );
    assert_eq!(g.st.leaders[browne as usize].loc, LLoc::Field(dresden));
    assert!(g.st.g.returning.is_empty());
    refused(
        &mut g,
        SxCommand::ReturnWounded {
            area: olmutz,
            inside: true,
        },
    );
}

#[test]
fn a_wounded_leader_with_one_friendly_force_goes_there_and_with_none_waits() {
    // rule campaign.casualties: one force of friends not besieged: no choice; none: he
    // stays out until there is one
    for saxons in [true, false] {
        let (mut g, browne) = wounded_browne();
        let dresden = area(&g, "dresden");
        if saxons {
            put(&mut g, Power::Saxony, dresden, 4, 0);
        }
        drive(&mut g, |s| s.g.phasing == Side::Austria);
        assert!(g.st.g.returning.is_empty());
        assert!(return_picks(&g).is_empty());
        if saxons {
            // an ally's force: the old code looked only for Austrians
            assert_eq!(g.st.leaders[browne as usize].loc, LLoc::Field(dresden));
        } else {
            // only the besieged garrison of Prague: he waits
            assert!(matches!(
                g.st.leaders[browne as usize].loc,
                LLoc::Wounded(_)
            ));
        }
    }
}

#[test]
fn a_willingness_declaration_is_hidden_from_inspect_until_both_are_given() {
    // rule combat.willingness: the declarations are secret until both are given (audit2
    // defect 7a: `inspect` showed `g.combat.fight`)
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    place(&mut g, "frederick", LLoc::Field(dresden));
    put(&mut g, Power::Prussia, dresden, 10, 0);
    place(&mut g, "browne", LLoc::Field(dresden));
    put(&mut g, Power::Austria, dresden, 10, 0);
    drive(&mut g, |s| s.g.step == Step::Combat);
    ok(&mut g, SxCommand::Fight { fight: true });
    assert!(SaxonWar::secret_pending(&g.rules, &g.st));
    let mut v = serde_json::to_value(&g.st).unwrap();
    SaxonWar::redact_hidden(&mut v);
    let fight = &v["g"]["combat"]["fight"];
    assert!(
        !fight.to_string().contains("true"),
        "the declaration shows: {fight}"
    );
    assert!(fight.to_string().contains("hidden"), "{fight}");
}

/// The grand campaign at the re-deployment before 1757, Austria to re-deploy, with an
/// Austrian force of 5 SP in the field at Glatz (Prussian Silesia); dice all 1.
pub(crate) fn redeployment_with_austrians_at_glatz() -> (PureGame<SaxonWar>, AreaId) {
    let g = crate::sx_h::redeployment(|g| {
        let glatz = area(g, "glatz");
        for p in Power::ALL {
            put(g, p, glatz, 0, 0);
        }
        put(g, Power::Austria, glatz, 5, 0);
    });
    let glatz = area(&g, "glatz");
    (g, glatz)
}

/// Austria places whatever the year brought (new SPs and leaders) the same way in every
/// copy (the first legal place away from Glatz), then ends its re-deployment.
pub(crate) fn finish_austrian_redeployment(g: &mut PureGame<SaxonWar>, glatz: AreaId) {
    while let Some(c) = g.legal().into_iter().find(|c| match c {
        SxCommand::DeploySp { area, .. } | SxCommand::Deploy { area, .. } => *area != glatz,
        _ => false,
    }) {
        ok(g, c);
    }
    ok(g, SxCommand::Done);
}

/// Prussia's legal re-deployment after taking up its first force.
fn prussian_places(g: &mut PureGame<SaxonWar>) -> Vec<SxCommand> {
    assert_eq!(g.st.g.deploying, Side::Prussia);
    let w = g
        .legal()
        .into_iter()
        .find(|c| {
            matches!(
                c,
                SxCommand::Withdraw {
                    power: Power::Prussia,
                    ..
                }
            )
        })
        .expect("a Prussian force to take up");
    ok(g, w);
    g.legal()
}

#[test]
fn the_redeployment_does_not_reveal_where_austria_secretly_withdrew() {
    // rule grand.redeploy, deployment.secret: Prussia re-deploys after Austria; its legal
    // places are the same whether or not Austria took up its force in Prussian Silesia
    // (audit2 defect 7b: Glatz was open to Prussia once the Austrians had left)
    let (mut stay, glatz) = redeployment_with_austrians_at_glatz();
    let mut left = stay.clone();
    finish_austrian_redeployment(&mut stay, glatz);
    ok(
        &mut left,
        SxCommand::Withdraw {
            power: Power::Austria,
            area: glatz,
            inside: false,
        },
    );
    let prague = area(&left, "prague");
    ok(
        &mut left,
        SxCommand::DeploySp {
            power: Power::Austria,
            area: prague,
            inside: false,
            sp: 5,
        },
    );
    finish_austrian_redeployment(&mut left, glatz);
    assert_eq!(left.st.areas[glatz as usize].field[Power::Austria.idx()], 0);
    let (a, b) = (prussian_places(&mut stay), prussian_places(&mut left));
    assert!(a.iter().any(|c| matches!(c, SxCommand::DeploySp { .. })));
    assert_eq!(a, b);
    assert!(!b.iter().any(|c| matches!(
        c,
        SxCommand::DeploySp { area, .. } | SxCommand::Deploy { area, .. } if *area == glatz
    )));
    // the refusal does not tell either
    let sp = left.st.pools.undeployed[Power::Prussia.idx()].min(1);
    let c = SxCommand::DeploySp {
        power: Power::Prussia,
        area: glatz,
        inside: false,
        sp,
    };
    let (ra, rb) = (refused(&mut stay, c.clone()), refused(&mut left, c));
    assert_eq!(ra.reason, rb.reason);
}

#[test]
fn a_march_leaving_a_general_with_more_sp_than_his_cnc_is_warned_but_allowed() {
    // rule move.leaders: the CnC "must always command more SP's than any other general
    // of his nation" (a spirit-of-the-rules rule; the Prussians are exempt): a warning
    // in the log and the prompt, not a refusal (audit2 defect 8)
    let mut g = deployed();
    let (prague, kolin) = (area(&g, "prague"), area(&g, "kolin"));
    drive(&mut g, |s| {
        s.g.phasing == Side::Austria && s.g.step == Step::March
    });
    let (browne, picc) = (leader(&g, "browne"), leader(&g, "piccolomini"));
    ok(&mut g, SxCommand::Select { leader: browne });
    ok(&mut g, SxCommand::Halt);
    let at_prague = g.st.areas[prague as usize].field[Power::Austria.idx()];
    ok(&mut g, SxCommand::Select { leader: picc });
    ok(&mut g, SxCommand::Take { sp: 20 });
    g.dice.script([6]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: kolin });
    ok(&mut g, SxCommand::Halt);
    assert_eq!(g.st.areas[kolin as usize].field[Power::Austria.idx()], 20);
    assert_eq!(
        g.st.areas[prague as usize].field[Power::Austria.idx()],
        at_prague - 20
    );
    let warned = |g: &PureGame<SaxonWar>| {
        g.log
            .entries
            .iter()
            .any(|e| e.rule == "move.leaders" && e.text.contains("Piccolomini commands 20 SP"))
    };
    assert!(warned(&g));
    let prompt = feldzug::engine::step::prompt::<SaxonWar>(&g.rules, &g.st);
    let only = format!("CnC Browne only {}", at_prague - 20);
    assert!(prompt.contains(&only), "{prompt}");
}
