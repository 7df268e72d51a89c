//! Great Saxon War 1756: the rules of issue 14's second session, driven by commands.
//! Each test cites the article's section by the ids of docs/games/saxonwar.md and would
//! fail if the rule were broken. Dice are scripted where a result matters.

use crate::sx_core::{area, deployed, drive, empty_map, leader, ok, place, put, refused};
use feldzug::engine::game::{PureGame, RulesGame};
use feldzug::games::saxonwar::SaxonWar;
use feldzug::games::saxonwar::battle;
use feldzug::games::saxonwar::rules;
use feldzug::games::saxonwar::state::*;

/// Frederick with 15 SP and an Austrian commander with 10 SP in the field at Dresden,
/// in Prussia's combat phase, both willing: the battle waits for the defender's choice.
fn battle_at_dresden(austrian: &str) -> (PureGame<SaxonWar>, AreaId) {
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    place(&mut g, "frederick", LLoc::Field(dresden));
    put(&mut g, Power::Prussia, dresden, 15, 0);
    place(&mut g, austrian, LLoc::Field(dresden));
    put(&mut g, Power::Austria, dresden, 10, 0);
    ok(&mut g, SxCommand::Done); // Prussia's marches
    ok(&mut g, SxCommand::Done); // Austria's force marches
    assert_eq!(g.st.g.step, Step::Combat);
    ok(&mut g, SxCommand::Fight { fight: true });
    ok(&mut g, SxCommand::Fight { fight: true });
    (g, dresden)
}

#[test]
fn the_defender_chooses_a_positional_or_maneuver_battle_with_its_odds_shown() {
    // rule campaign.deployment, campaign.initiative, campaign.conversion
    let (mut g, dresden) = battle_at_dresden("browne");
    // the choice is the defender's (Austria), as a command
    assert_eq!(
        SaxonWar::side_to_act(&g.rules, &g.st).as_deref(),
        Some("Austria")
    );
    let legal = g.legal();
    assert!(legal.contains(&SxCommand::BattleKind { maneuver: false }));
    assert!(legal.contains(&SxCommand::BattleKind { maneuver: true }));
    let r = refused(&mut g, SxCommand::Fight { fight: false });
    assert_eq!(r.rule, "combat.willingness");
    // the panel's view: Frederick AIV 5 + points 160 against 106.5 (+1); Browne DIV 4,
    // positional +1: 6 against 5 (21, 5, 10 in 36); maneuver: Frederick's initiative
    // higher +1: 7 against 4 (30, 3, 3)
    let v = battle::current(&g.rules, &g.st).expect("a battle");
    assert_eq!(v.inputs.area, dresden);
    assert_eq!(v.inputs.conv.points, [16_000, 10_650]);
    assert_eq!(v.positional.odds, (21, 5, 10));
    assert_eq!(v.maneuver.odds, (30, 3, 3));
    let sum = |m: &Vec<(String, i32)>| m.iter().map(|x| x.1).sum::<i32>();
    assert_eq!(
        (sum(&v.positional.att_mods), sum(&v.positional.def_mods)),
        (6, 5)
    );
    // the prompt shows the same odds
    let prompt = feldzug::engine::step::prompt::<SaxonWar>(&g.rules, &g.st);
    assert!(prompt.contains("wins 21 in 36"), "{prompt}");
    // the roll uses exactly these modifiers: 3 + 6 against 3 + 5
    g.dice.script([3, 3, 4]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    let rolls: Vec<i32> = g
        .dice
        .rolls
        .iter()
        .filter(|r| r.purpose.starts_with("battle ("))
        .map(|r| r.total)
        .collect();
    assert_eq!(rolls, vec![9, 8]);
    // the result kept for the battle panel
    let rep = g.st.g.last_battle.as_ref().expect("kept");
    assert_eq!((rep.att_total, rep.def_total, rep.maneuver), (9, 8, false));
    assert_eq!(rep.outcome.winner, Some(Side::Prussia));
    assert!(g.log.entries.iter().any(|e| e.text.contains("positional")));
}

#[test]
fn losses_convert_back_at_two_thirds_and_pursuit_takes_prisoners() {
    // rule campaign.conversion: 10.65 points per SP; Austria loses 15 % of 106.5 =
    // 15.97 points: 1.5 SP is 1 SP (a half is less than 2/3); Prussia loses 5 % of 160
    // = 8 points: 0.75 SP is 1 SP (2/3 or more counts)
    // rule campaign.pursuit: Frederick's SIV 4 is 2 above Browne's: 50 + 100 per mille
    // of Austria's points = 15.97 points = 1 SP prisoner
    let (mut g, dresden) = battle_at_dresden("browne");
    g.dice.script([3, 3, 4]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    let x = &g.st.areas[dresden as usize];
    assert_eq!(x.field[Power::Prussia.idx()], 14);
    assert_eq!(x.field[Power::Austria.idx()], 8);
    assert_eq!(g.st.pools.eliminated[Power::Austria.idx()], 1);
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()],
        1
    );
    // rule morale.states, combat.post-battle: the loser is demoralized and must leave
    assert!(x.demoralized[Power::Austria.idx()]);
    assert_eq!(g.st.g.step, Step::Retreat);
    // Hadik's SIV 3 is not 2 below: the pursuit's 50 per mille (5.3 points) make no SP,
    // so they count as normal losses: 21.3 points = 2 SP, no prisoners
    let (mut g, dresden) = battle_at_dresden("hadik");
    g.dice.script([1, 3, 4]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert!(
        g.log.entries.iter().any(|e| e.text.contains("wins by 1")),
        "margin 1"
    );
    assert_eq!(g.st.areas[dresden as usize].field[Power::Austria.idx()], 8);
    assert_eq!(g.st.pools.eliminated[Power::Austria.idx()], 2);
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()],
        0
    );
}

#[test]
fn a_commander_beaten_by_four_rolls_for_his_fate() {
    // rule campaign.casualties: 6 + 6 against 1 + 5: a margin of 6; Browne rolls 1: killed
    // (the lost 1-2 row)
    let (mut g, _) = battle_at_dresden("browne");
    g.dice.script([6, 1, 1, 4]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    let browne = leader(&g, "browne");
    assert_eq!(g.st.leaders[browne as usize].loc, LLoc::Gone);
    // 3-4: captured
    let (mut g, _) = battle_at_dresden("browne");
    g.dice.script([6, 1, 3, 4]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert_eq!(
        g.st.leaders[browne as usize].loc,
        LLoc::Prisoner(Side::Prussia)
    );
    // a margin of 3 is no casualty
    let (mut g, _) = battle_at_dresden("browne");
    g.dice.script([5, 3, 4]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert!(matches!(g.st.leaders[browne as usize].loc, LLoc::Field(_)));
}

#[test]
fn leaving_a_drawn_field_voluntarily_gives_two_to_morale_recovery() {
    // rule combat.post-battle, morale.recovery: 2 + 6 against 3 + 5: drawn; Austria pulls
    // off, is demoralized and leaves; in its morale phase Browne's 3 + SIV 2 + 2 = 7
    for (pull, recovered) in [(true, true), (false, false)] {
        let (mut g, dresden) = battle_at_dresden("browne");
        g.dice.script([2, 3]);
        ok(&mut g, SxCommand::BattleKind { maneuver: false });
        assert!(g.log.entries.iter().any(|e| e.text.contains("drawn")));
        // both lose a tenth of their points: 1 SP each
        assert_eq!(g.st.areas[dresden as usize].field[Power::Prussia.idx()], 14);
        assert_eq!(g.st.areas[dresden as usize].field[Power::Austria.idx()], 9);
        assert_eq!(
            SaxonWar::side_to_act(&g.rules, &g.st).as_deref(),
            Some("Austria")
        );
        let to = area(&g, "pirna");
        if pull {
            g.dice.script([4]);
            ok(&mut g, SxCommand::PullOff { pull: true });
            ok(
                &mut g,
                SxCommand::Retreat {
                    area: to,
                    into_fortress: false,
                },
            );
        } else {
            // a beaten force for comparison: stays, then Prussia stays too
            ok(&mut g, SxCommand::PullOff { pull: false });
            ok(&mut g, SxCommand::PullOff { pull: false });
            g.st.areas[dresden as usize].demoralized[Power::Austria.idx()] = true;
        }
        drive(&mut g, |s| {
            s.g.phasing == Side::Austria && s.g.step == Step::Morale
        });
        let at = if pull { to } else { dresden };
        assert!(g.st.areas[at as usize].demoralized[Power::Austria.idx()]);
        g.dice.script([3]);
        ok(&mut g, SxCommand::Roll);
        assert_eq!(
            !g.st.areas[at as usize].demoralized[Power::Austria.idx()],
            recovered,
            "pulled off {pull}"
        );
    }
}

/// Dresden besieged by Keith with `besiegers` Prussian SP and a completed depot; a Saxon
/// garrison of `garrison` SP with Rutowsky; Browne's relief force of `relief` Austrian SP
/// in the field there; Prussia's combat phase next.
fn relief_of_dresden(besiegers: u16, garrison: u16, relief: u16) -> (PureGame<SaxonWar>, AreaId) {
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
    put(&mut g, Power::Austria, dresden, relief, 0);
    place(&mut g, "browne", LLoc::Field(dresden));
    assert_eq!(
        rules::besieger(&g.rules, &g.st, dresden),
        Some(Side::Prussia)
    );
    ok(&mut g, SxCommand::Done);
    ok(&mut g, SxCommand::Done);
    assert_eq!(g.st.g.step, Step::Combat);
    (g, dresden)
}

#[test]
fn a_besieger_refusing_the_relief_forces_battle_lifts_the_siege() {
    // rule fortress.relief
    let (mut g, dresden) = relief_of_dresden(12, 3, 4);
    ok(&mut g, SxCommand::Fight { fight: false });
    // Austria attacks; the willingness roll goes to Prussia (1 + 2 against 6 + 2)
    g.dice.script([1, 6]);
    ok(&mut g, SxCommand::Fight { fight: true });
    assert!(g.log.entries.iter().any(|e| e.text.contains("is lifted")));
    assert_eq!(rules::besieger(&g.rules, &g.st, dresden), None);
    // the garrison may move again: in Austria's marches Rutowsky may leave
    drive(&mut g, |s| {
        s.g.phasing == Side::Austria && s.g.step == Step::March
    });
    let rut = leader(&g, "rutowsky");
    assert!(g.legal().contains(&SxCommand::Select { leader: rut }));
    // without the lift the besieged garrison may not
    let (mut g, dresden) = relief_of_dresden(12, 3, 4);
    ok(&mut g, SxCommand::Fight { fight: true });
    g.dice.script([1, 6]);
    ok(&mut g, SxCommand::Fight { fight: false });
    assert_eq!(
        rules::besieger(&g.rules, &g.st, dresden),
        Some(Side::Prussia)
    );
}

#[test]
fn the_garrison_sallies_only_to_join_a_relief_battle_and_a_beaten_relief_may_go_inside() {
    // rule fortress.relief
    let (mut g, dresden) = relief_of_dresden(20, 2, 4);
    let r = refused(&mut g, SxCommand::Sally { sp: 1 });
    assert_eq!(r.rule, "fortress.relief");
    ok(&mut g, SxCommand::Fight { fight: true });
    ok(&mut g, SxCommand::Fight { fight: true });
    // the besieged garrison (Austria's side) may come out to join the battle
    let legal = g.legal();
    assert!(legal.contains(&SxCommand::Sally { sp: 2 }));
    assert!(!legal.contains(&SxCommand::Sally { sp: 3 }));
    ok(&mut g, SxCommand::Sally { sp: 0 });
    assert_eq!(
        g.st.areas[dresden as usize].garrison[Power::Saxony.idx()],
        2
    );
    // Keith 3 + 3 (20 against 4 SP) against Browne 4 + 1: 3 + 6 against 3 + 5
    g.dice.script([3, 3, 3]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert_eq!(g.st.g.step, Step::Retreat);
    // the retreat roll 3 + SIV 0 (demoralized, morale.states) = 3 lets Browne leave,
    // and he may also go into Dresden
    ok(
        &mut g,
        SxCommand::Retreat {
            area: dresden,
            into_fortress: true,
        },
    );
    let browne = leader(&g, "browne");
    assert_eq!(g.st.leaders[browne as usize].loc, LLoc::Garrison(dresden));
    assert_eq!(
        g.st.areas[dresden as usize].garrison[Power::Austria.idx()],
        3
    );
    // still besieged
    assert_eq!(
        rules::besieger(&g.rules, &g.st, dresden),
        Some(Side::Prussia)
    );

    // a sally: the garrison's SPs fight in the field
    let (mut g, dresden) = relief_of_dresden(20, 2, 4);
    ok(&mut g, SxCommand::Fight { fight: true });
    ok(&mut g, SxCommand::Fight { fight: true });
    ok(&mut g, SxCommand::Sally { sp: 2 });
    assert_eq!(
        g.st.areas[dresden as usize].garrison[Power::Saxony.idx()],
        0
    );
    let v = battle::current(&g.rules, &g.st).expect("battle");
    assert_eq!(v.inputs.def.sp, 6);
}

/// The secret re-deployment of the strategic sequence, set up for a side.
fn redeployment(g: &mut PureGame<SaxonWar>, side: Side) {
    g.st.g.opened = true;
    g.st.g.step = Step::Deploy;
    g.st.g.redeploying = true;
    g.st.g.redeployed = [false, false];
    g.st.g.deploying = side;
}

#[test]
fn austria_lends_the_empires_troops_to_france_and_takes_them_back() {
    // rule allies.minor
    let mut g = deployed();
    empty_map(&mut g);
    let (dresden, pirna) = (area(&g, "dresden"), area(&g, "pirna"));
    g.st.g.active[Power::France.idx()] = true;
    g.st.g.active[Power::Empire.idx()] = true;
    put(&mut g, Power::Empire, dresden, 5, 0);
    put(&mut g, Power::Saxony, dresden, 0, 1);
    let soubise = place(&mut g, "soubise", LLoc::Field(dresden));
    let hild = place(&mut g, "hildburghausen", LLoc::Field(dresden));
    // not outside the start of a campaign year
    assert!(
        !g.legal()
            .iter()
            .any(|c| matches!(c, SxCommand::Lend { .. }))
    );
    redeployment(&mut g, Side::Austria);
    ok(
        &mut g,
        SxCommand::Lend {
            area: dresden,
            sp: 1,
        },
    );
    refused(
        &mut g,
        SxCommand::Lend {
            area: dresden,
            sp: 5,
        },
    );
    ok(
        &mut g,
        SxCommand::Lend {
            area: dresden,
            sp: 1,
        },
    );
    ok(
        &mut g,
        SxCommand::Lend {
            area: dresden,
            sp: 1,
        },
    );
    assert_eq!(g.st.areas[dresden as usize].lent, 3);
    ok(&mut g, SxCommand::Done);
    ok(&mut g, SxCommand::Done);
    // Austria's marches: Soubise takes the 3 lent SPs along to Pirna
    drive(&mut g, |s| {
        s.g.phasing == Side::Austria && s.g.step == Step::March
    });
    ok(&mut g, SxCommand::Select { leader: soubise });
    let r = refused(&mut g, SxCommand::TakeLent { sp: 4 });
    assert_eq!(r.rule, "allies.minor");
    ok(&mut g, SxCommand::TakeLent { sp: 3 });
    g.dice.script([4]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: pirna });
    ok(&mut g, SxCommand::Halt);
    assert_eq!(g.st.areas[pirna as usize].field[Power::Empire.idx()], 3);
    assert_eq!(g.st.areas[pirna as usize].lent, 3);
    // the Empire's own leader commands only the 2 not lent
    ok(&mut g, SxCommand::Select { leader: hild });
    refused(&mut g, SxCommand::Take { sp: 3 });
    ok(&mut g, SxCommand::Halt);
    // Austria takes them back any time (its march phase)
    ok(&mut g, SxCommand::Recall { area: pirna, sp: 3 });
    assert_eq!(g.st.areas[pirna as usize].lent, 0);
    refused(&mut g, SxCommand::Recall { area: pirna, sp: 1 });
}

#[test]
fn the_redeployment_moves_forces_on_the_map_and_the_player_chooses_the_lost_leader() {
    // rule grand.redeploy
    let mut g = deployed();
    let (berlin, magdeburg) = (area(&g, "berlin"), area(&g, "magdeburg"));
    redeployment(&mut g, Side::Austria);
    g.st.g.to_lose[Power::Prussia.idx()] = 1;
    // Austria's side first: nothing to lose, nothing taken up: done
    ok(&mut g, SxCommand::Done);
    assert_eq!(g.st.g.deploying, Side::Prussia);
    // the lost leader first, chosen by the player: here Schwerin, not the most junior
    let r = refused(
        &mut g,
        SxCommand::Withdraw {
            power: Power::Prussia,
            area: berlin,
            inside: false,
        },
    );
    assert_eq!(r.rule, "grand.redeploy");
    let browne = leader(&g, "browne");
    refused(&mut g, SxCommand::Dismiss { leader: browne });
    let schwerin = leader(&g, "schwerin");
    ok(&mut g, SxCommand::Dismiss { leader: schwerin });
    assert_eq!(g.st.leaders[schwerin as usize].loc, LLoc::Gone);
    let zieten = leader(&g, "zieten");
    assert_eq!(g.st.leaders[zieten as usize].loc, LLoc::Field(berlin));
    // the army at Berlin is taken up and placed again at Magdeburg, in secret
    ok(
        &mut g,
        SxCommand::Withdraw {
            power: Power::Prussia,
            area: berlin,
            inside: false,
        },
    );
    assert!(SaxonWar::secret_pending(&g.rules, &g.st));
    let r = refused(&mut g, SxCommand::Done);
    assert_eq!(r.rule, "grand.redeploy");
    ok(
        &mut g,
        SxCommand::DeploySp {
            power: Power::Prussia,
            area: magdeburg,
            inside: false,
            sp: 43,
        },
    );
    for l in 0..g.st.leaders.len() as LeaderId {
        if g.st.leaders[l as usize].loc == LLoc::Undeployed {
            ok(
                &mut g,
                SxCommand::Deploy {
                    leader: l,
                    area: magdeburg,
                    inside: false,
                },
            );
        }
    }
    ok(&mut g, SxCommand::Done);
    assert_ne!(g.st.g.step, Step::Deploy);
    assert_eq!(
        g.st.areas[magdeburg as usize].field[Power::Prussia.idx()],
        43
    );
    assert_eq!(g.st.areas[berlin as usize].field[Power::Prussia.idx()], 0);
    assert_eq!(g.st.leaders[zieten as usize].loc, LLoc::Field(magdeburg));
}

#[test]
fn the_leader_roll_of_the_strategic_sequence_leaves_the_choice_to_the_player() {
    // rule grand.redeploy: a 4 gives one new leader and one lost, chosen by the player
    let mut g = crate::sx_core::game("saxonwar-grand");
    while g.st.g.step == Step::Deploy {
        let c = g
            .legal()
            .into_iter()
            .rev()
            .find(|c| matches!(c, SxCommand::DeploySp { .. } | SxCommand::Deploy { .. }))
            .expect("a deployment");
        ok(&mut g, c);
    }
    let before: Vec<LLoc> = g.st.leaders.iter().map(|l| l.loc).collect();
    g.st.g.turn = 18;
    g.st.g.phasing = Side::Austria;
    g.st.g.step = Step::Attrition;
    g.dice.script(std::iter::repeat_n(4, 40));
    ok(&mut g, SxCommand::Roll);
    // nobody was removed by the code
    for (l, b) in before.iter().enumerate() {
        if matches!(b, LLoc::Field(_) | LLoc::Garrison(_)) {
            assert_ne!(g.st.leaders[l].loc, LLoc::Gone, "leader {l}");
        }
    }
    assert_eq!(g.st.g.to_lose[Power::Prussia.idx()], 1);
    assert_eq!(g.st.g.to_lose[Power::Austria.idx()], 1);
    // the increments, then Austria's side chooses first
    drive(&mut g, |s| s.g.step == Step::Deploy);
    assert!(
        g.legal()
            .iter()
            .all(|c| matches!(c, SxCommand::Dismiss { .. }))
    );
}

/// prisoners.exchange: every released piece waiting for a fortress goes to the first
/// one its owner is offered.
fn place_released(g: &mut PureGame<SaxonWar>) {
    while !g.st.g.placing.is_empty() {
        let c = g
            .legal()
            .into_iter()
            .find(|c| matches!(c, SxCommand::PlaceReleased { .. }))
            .expect("a fortress to pick");
        ok(g, c);
    }
}

#[test]
fn the_side_holding_more_prisoners_chooses_whom_to_release() {
    // rule prisoners.exchange
    let mut g = deployed();
    let (magdeburg, prague) = (area(&g, "magdeburg"), area(&g, "prague"));
    put(&mut g, Power::Prussia, magdeburg, 0, 1);
    put(&mut g, Power::Austria, prague, 32, 1);
    // Austria holds 2 Prussian and 1 Hanoverian SP, Prussia 1 Austrian SP
    g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()] = 2;
    g.st.pools.prisoners[Side::Austria.idx()][Power::Hanover.idx()] = 1;
    g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()] = 1;
    g.st.pools.total[Power::Prussia.idx()] += 2;
    g.st.pools.total[Power::Hanover.idx()] += 1;
    g.st.pools.total[Power::Austria.idx()] += 1;
    // Austria holds Schwerin and Keith, Prussia holds Browne
    let (schwerin, keith) = (
        place(&mut g, "schwerin", LLoc::Prisoner(Side::Austria)),
        place(&mut g, "keith", LLoc::Prisoner(Side::Austria)),
    );
    place(&mut g, "browne", LLoc::Prisoner(Side::Prussia));
    drive(&mut g, |s| s.g.turn == 10);
    // Prussia's one SP and Browne are released at once; Austria picks their fortresses
    // (two or more each), then chooses whom it releases
    place_released(&mut g);
    assert_eq!(
        g.st.pools.prisoners[Side::Prussia.idx()][Power::Austria.idx()],
        0
    );
    assert_eq!(
        SaxonWar::side_to_act(&g.rules, &g.st).as_deref(),
        Some("Austria")
    );
    let legal = g.legal();
    assert!(legal.contains(&SxCommand::Release {
        power: Power::Hanover
    }));
    assert!(legal.contains(&SxCommand::ReleaseLeader { leader: keith }));
    let r = refused(&mut g, SxCommand::Roll);
    assert_eq!(r.rule, "prisoners.exchange");
    ok(
        &mut g,
        SxCommand::Release {
            power: Power::Hanover,
        },
    );
    place_released(&mut g);
    ok(&mut g, SxCommand::ReleaseLeader { leader: keith });
    place_released(&mut g);
    assert_eq!(
        g.st.pools.prisoners[Side::Austria.idx()][Power::Hanover.idx()],
        0
    );
    assert_eq!(
        g.st.pools.prisoners[Side::Austria.idx()][Power::Prussia.idx()],
        2
    );
    assert!(matches!(
        g.st.leaders[keith as usize].loc,
        LLoc::Garrison(_)
    ));
    assert_eq!(
        g.st.leaders[schwerin as usize].loc,
        LLoc::Prisoner(Side::Austria)
    );
    assert!(g.st.g.exchange.is_none());
}

#[test]
fn a_low_siv_leader_out_of_supply_must_march_back_into_supply() {
    // rule supply.siv: Lehwaldt (SIV 1) starts his march phase out of supply with an
    // area in supply next to him
    let mut g = deployed();
    empty_map(&mut g);
    let magdeburg = area(&g, "magdeburg");
    put(&mut g, Power::Prussia, magdeburg, 0, 2);
    let sup = rules::supply(&g.rules, &g.st, Side::Prussia, &[]);
    // an area out of supply with a neighbour in supply and one out of it
    let (at, back, away) = (0..g.st.areas.len() as AreaId)
        .filter(|a| !sup[*a as usize] && *a != g.rules.russia)
        .find_map(|a| {
            let n = g.rules.neighbours(a);
            let b = n.iter().find(|x| sup[x.0 as usize])?.0;
            let c = n
                .iter()
                .find(|x| !sup[x.0 as usize] && x.0 != g.rules.russia)?
                .0;
            Some((a, b, c))
        })
        .expect("such an area");
    g.st.g.opened = true;
    let leh = place(&mut g, "lehwaldt", LLoc::Field(at));
    put(&mut g, Power::Prussia, at, 5, 0);
    let r = refused(&mut g, SxCommand::Done);
    assert_eq!(r.rule, "supply.siv");
    assert!(r.reason.contains("Lehwaldt"), "{r}");
    ok(&mut g, SxCommand::Select { leader: leh });
    let r = refused(&mut g, SxCommand::Halt);
    assert_eq!(r.rule, "supply.siv");
    g.dice.script([6]);
    ok(&mut g, SxCommand::March);
    let r = refused(&mut g, SxCommand::Enter { area: away });
    assert_eq!(r.rule, "supply.siv");
    assert!(!g.legal().contains(&SxCommand::Halt));
    ok(&mut g, SxCommand::Enter { area: back });
    // back in supply: he may stop
    ok(&mut g, SxCommand::Halt);
    ok(&mut g, SxCommand::Done);
    // a leader of SIV 2 or more is free (Keith in the same place)
    let mut g = deployed();
    empty_map(&mut g);
    put(&mut g, Power::Prussia, magdeburg, 0, 2);
    g.st.g.opened = true;
    place(&mut g, "keith", LLoc::Field(at));
    put(&mut g, Power::Prussia, at, 5, 0);
    ok(&mut g, SxCommand::Done);
}

#[test]
fn austrians_interdict_early_prussian_supply_on_a_six() {
    // rule supply.interdiction: Austrians and Prussians both at Wittenberg, next to the
    // Prussian garrison of Magdeburg... in Austria's attrition phase
    for (die, late, lost) in [(6u8, false, 1u16), (5, false, 0), (6, true, 0)] {
        let mut g = deployed();
        empty_map(&mut g);
        let (magdeburg, berlin) = (area(&g, "magdeburg"), area(&g, "berlin"));
        put(&mut g, Power::Prussia, magdeburg, 0, 2);
        put(&mut g, Power::Prussia, berlin, 6, 0);
        place(&mut g, "frederick", LLoc::Field(berlin));
        put(&mut g, Power::Austria, berlin, 3, 0);
        place(&mut g, "browne", LLoc::Field(berlin));
        if late {
            g.st.pools.rp_spent[Power::Prussia.idx()] = 100;
        }
        assert!(rules::in_supply(&g.rules, &g.st, berlin, Side::Prussia));
        drive(&mut g, |s| {
            s.g.phasing == Side::Austria && s.g.step == Step::Attrition
        });
        let before = g.st.areas[berlin as usize].field[Power::Prussia.idx()];
        g.dice.script([die]);
        ok(&mut g, SxCommand::Roll);
        assert_eq!(
            before - g.st.areas[berlin as usize].field[Power::Prussia.idx()],
            lost,
            "die {die}, late list {late}"
        );
        let rolled = g.dice.rolls.iter().any(|r| r.rule == "supply.interdiction");
        assert_eq!(rolled, !late);
    }
}

#[test]
fn winter_slows_marches_keeps_quarters_and_costs_an_sp() {
    // rule winter.turns: march rolls -1 (Frederick 3 + 4 - 1 = 6: one area, not two)
    let mut g = deployed();
    g.st.g.turn = 16;
    let fred = leader(&g, "frederick");
    let (wittenberg, torgau) = (area(&g, "wittenberg"), area(&g, "torgau"));
    ok(&mut g, SxCommand::Select { leader: fred });
    ok(&mut g, SxCommand::Take { sp: 20 });
    g.dice.script([3]);
    ok(&mut g, SxCommand::March);
    ok(&mut g, SxCommand::Enter { area: wittenberg });
    let r = refused(&mut g, SxCommand::Enter { area: torgau });
    assert_eq!(r.rule, "move.normal");
    assert!(
        g.dice
            .rolls
            .iter()
            .any(|r| r.modifiers.iter().any(|m| m.1 == -1))
    );
    // units in a fortress are in winter quarters and may not leave
    let mut g = deployed();
    empty_map(&mut g);
    g.st.g.turn = 16;
    let magdeburg = area(&g, "magdeburg");
    let fred = place(&mut g, "frederick", LLoc::Garrison(magdeburg));
    put(&mut g, Power::Prussia, magdeburg, 0, 5);
    let r = refused(&mut g, SxCommand::Select { leader: fred });
    assert_eq!(r.rule, "winter.turns");
    // every force outside a fortress loses 1 SP in the attrition phase, even in supply;
    // the garrison does not
    let prague = area(&g, "prague");
    put(&mut g, Power::Austria, prague, 10, 1);
    place(&mut g, "browne", LLoc::Field(prague));
    assert!(rules::in_supply(&g.rules, &g.st, prague, Side::Austria));
    drive(&mut g, |s| {
        s.g.phasing == Side::Prussia && s.g.step == Step::Attrition
    });
    ok(&mut g, SxCommand::Roll);
    assert_eq!(g.st.areas[prague as usize].field[Power::Austria.idx()], 9);
    assert_eq!(
        g.st.areas[prague as usize].garrison[Power::Austria.idx()],
        1
    );
}

#[test]
fn allied_major_powers_share_an_area_only_after_both_cooperation_rolls() {
    // rule allies.cooperation
    for coop in [false, true] {
        let mut g = deployed();
        empty_map(&mut g);
        g.st.g.opened = true;
        g.st.g.active[Power::France.idx()] = true;
        let (prague, leitmeritz) = (area(&g, "prague"), area(&g, "leitmeritz"));
        put(&mut g, Power::France, leitmeritz, 5, 0);
        put(&mut g, Power::Austria, prague, 10, 1);
        let browne = place(&mut g, "browne", LLoc::Field(prague));
        g.st.g.cooperates[Power::Austria.idx()] = coop;
        g.st.g.cooperates[Power::France.idx()] = coop;
        ok(&mut g, SxCommand::Done); // Prussia's marches
        ok(&mut g, SxCommand::Select { leader: browne });
        g.dice.script([4]);
        ok(&mut g, SxCommand::March);
        if coop {
            ok(&mut g, SxCommand::Enter { area: leitmeritz });
        } else {
            let r = refused(&mut g, SxCommand::Enter { area: leitmeritz });
            assert_eq!(r.rule, "allies.cooperation");
        }
    }
    // the Anglo-Allies may not go east of Magdeburg
    let mut g = deployed();
    empty_map(&mut g);
    g.st.g.opened = true;
    g.st.g.active[Power::Hanover.idx()] = true;
    let (magdeburg, berlin) = (area(&g, "magdeburg"), area(&g, "berlin"));
    put(&mut g, Power::Hanover, magdeburg, 5, 0);
    let ferd = place(&mut g, "ferdinand", LLoc::Field(magdeburg));
    ok(&mut g, SxCommand::Select { leader: ferd });
    g.dice.script([4]);
    ok(&mut g, SxCommand::March);
    let r = refused(&mut g, SxCommand::Enter { area: berlin });
    assert_eq!(r.rule, "allies.cooperation");
}

// rule morale.recovery, morale.states: the +2 of a voluntary pull-off goes along when the
// force leaves the field into a fortress, with the demoralized marker (AUDIT14b D2): in
// its morale phase Browne's 3 + SIV 2 + 2 = 7 recovers the garrison. Old code: the flag
// stayed on the field, 3 + 2 = 5 failed.
#[test]
fn pulling_off_into_a_fortress_keeps_the_two_for_morale_recovery() {
    let (mut g, _dresden) = battle_at_dresden("browne");
    g.dice.script([2, 3]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    g.dice.script([4]);
    ok(&mut g, SxCommand::PullOff { pull: true });
    let into = g
        .legal()
        .into_iter()
        .find(|c| {
            matches!(
                c,
                SxCommand::Retreat {
                    into_fortress: true,
                    ..
                }
            )
        })
        .expect("a retreat into a fortress");
    let SxCommand::Retreat { area: to, .. } = into else {
        unreachable!()
    };
    ok(&mut g, into);
    assert!(rules::demoralized(&g.st, Power::Austria, to, true));
    drive(&mut g, |s| {
        s.g.phasing == Side::Austria && s.g.step == Step::Morale
    });
    g.dice.script([3]);
    ok(&mut g, SxCommand::Roll);
    let roll = g
        .dice
        .rolls
        .iter()
        .rev()
        .find(|r| r.rule == "morale.recovery")
        .expect("the recovery roll");
    assert!(
        roll.modifiers
            .iter()
            .any(|m| m.1 == 2 && m.0.contains("voluntarily")),
        "{roll:?}"
    );
    assert!(!rules::demoralized(&g.st, Power::Austria, to, true));
}

// rule morale.states ("otherwise, it stays demoralized"), grand.redeploy: a demoralized
// force is not taken up by the re-deployment, which would wipe its marker (AUDIT14b D1;
// our reading); a good force is.
#[test]
fn the_redeployment_does_not_take_up_a_demoralized_force() {
    for demoralized in [true, false] {
        let mut g = deployed();
        let berlin = area(&g, "berlin");
        redeployment(&mut g, Side::Prussia);
        g.st.areas[berlin as usize].demoralized[Power::Prussia.idx()] = demoralized;
        let w = SxCommand::Withdraw {
            power: Power::Prussia,
            area: berlin,
            inside: false,
        };
        if demoralized {
            assert!(!g.legal().contains(&w));
            let r = refused(&mut g, w);
            assert_eq!(r.rule, "grand.redeploy");
            assert!(r.reason.contains("demoralized"), "{}", r.reason);
            assert!(g.st.areas[berlin as usize].demoralized[Power::Prussia.idx()]);
        } else {
            ok(&mut g, w);
            assert_eq!(g.st.areas[berlin as usize].field[Power::Prussia.idx()], 0);
        }
    }
}
