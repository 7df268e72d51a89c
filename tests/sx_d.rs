//! Great Saxon War 1756: the defects of the confirmation audit of session 13
//! (docs/games/saxonwar-audit4.md, defects 1-6), driven by commands. Each test cites the
//! article's section by the ids of docs/games/saxonwar.md and fails on the code before
//! its fix. Dice are scripted where a result matters.

use crate::sx_core::lent_empire_battle_at_dresden;
use crate::sx_core::{
    area, deployed, drive, empty_map, ok, place, put, refused, retreat_into_the_field,
};
use crate::sx_fix::{finish_austrian_redeployment, return_picks, wounded_browne};
use feldzug::engine::game::PureGame;
use feldzug::games::saxonwar::SaxonWar;
use feldzug::games::saxonwar::state::*;

#[test]
fn lent_empire_troops_stay_lent_when_prussia_is_beaten_by_the_french() {
    // rule allies.minor: the loan of the Empire's troops "may be withdrawn at any time"
    // by Austria only; a Prussian retreat does not end it (audit4 defect 1)
    let (mut g, dresden) = lent_empire_battle_at_dresden();
    // 1 + AIV 5 against 6 + DIV 2 + 1: the French side wins by 3; the retreat roll 6
    g.dice.script([1, 6, 6, 6, 6, 6]);
    ok(&mut g, SxCommand::BattleKind { maneuver: false });
    assert_eq!(g.st.g.step, Step::Retreat);
    let empire = g.st.areas[dresden as usize].field[Power::Empire.idx()];
    let lent = g.st.areas[dresden as usize].lent;
    assert!(empire > 0 && lent == empire.min(4), "{empire} {lent}");
    let to = retreat_into_the_field(&mut g, dresden);
    assert!(g.st.areas[to as usize].field[Power::Prussia.idx()] > 0);
    assert_eq!(g.st.areas[dresden as usize].lent, lent, "the loan stays");
    assert_eq!(g.st.areas[to as usize].lent, 0);
    assert_eq!(
        g.st.areas[dresden as usize].field[Power::Empire.idx()],
        empire
    );
}

#[test]
fn a_wounded_leader_returns_only_where_his_power_may_go() {
    // rule campaign.casualties ("returns ... to any friends not besieged") within
    // allies.cooperation: two major powers "may not be a combined force in the same
    // area unless those powers have each rolled a 5 or 6" (audit4 defect 3)
    for coop in [false, true] {
        let (mut g, browne) = wounded_browne();
        let (dresden, olmutz) = (area(&g, "dresden"), area(&g, "olmutz"));
        put(&mut g, Power::Saxony, dresden, 5, 0);
        put(&mut g, Power::France, olmutz, 5, 0);
        g.st.g.cooperates[Power::Austria.idx()] = coop;
        g.st.g.cooperates[Power::France.idx()] = coop;
        drive(&mut g, |s| s.g.phasing == Side::Austria);
        if coop {
            assert_eq!(g.st.g.step, Step::Morale);
            assert_eq!(return_picks(&g), vec![(dresden, false), (olmutz, false)]);
            ok(
                &mut g,
                SxCommand::ReturnWounded {
                    area: olmutz,
                    inside: false,
                },
            );
            assert_eq!(g.st.leaders[browne as usize].loc, LLoc::Field(olmutz));
        } else {
            // the French force is barred: the Saxons are his only friends, he goes
            // there at once
            assert_eq!(g.st.leaders[browne as usize].loc, LLoc::Field(dresden));
            refused(
                &mut g,
                SxCommand::ReturnWounded {
                    area: olmutz,
                    inside: false,
                },
            );
        }
    }
}

/// The Grand Campaign at Austria's re-deployment of 1757, with an Austrian field force
/// of 5 SP and a completed siege depot besieging a Prussian garrison of 2 SP at Glatz.
fn redeployment_with_glatz_besieged() -> (PureGame<SaxonWar>, AreaId) {
    let g = crate::sx_h::redeployment(|g| {
        let glatz = area(g, "glatz");
        for p in Power::ALL {
            put(g, p, glatz, 0, 0);
        }
        for l in g.st.leaders_at(LLoc::Garrison(glatz)) {
            g.st.leaders[l as usize].loc = LLoc::Gone;
        }
        put(g, Power::Prussia, glatz, 0, 2);
        put(g, Power::Austria, glatz, 5, 0);
        g.st.areas[glatz as usize].depot = Some(Depot {
            owner: Side::Austria,
            complete: true,
            siege: true,
        });
    });
    let glatz = area(&g, "glatz");
    (g, glatz)
}

#[test]
fn the_redeployment_does_not_reveal_a_secretly_lifted_siege() {
    // rule grand.redeploy, deployment.secret ("each player may secretly adjust his
    // deployment"): Prussia's withdraw list is the same whether or not Austria took up
    // the force besieging Glatz (audit4 defect 2)
    let (mut stay, glatz) = redeployment_with_glatz_besieged();
    assert!(
        feldzug::games::saxonwar::rules::besieger(&stay.rules, &stay.st, glatz).is_some(),
        "Glatz is besieged when the re-deployment begins"
    );
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
    finish_austrian_redeployment(&mut left, glatz);
    assert_eq!(left.st.areas[glatz as usize].field[Power::Austria.idx()], 0);
    assert!(
        feldzug::games::saxonwar::rules::besieger(&left.rules, &left.st, glatz).is_none(),
        "the siege is lifted now"
    );
    assert_eq!(stay.st.g.deploying, Side::Prussia);
    assert_eq!(left.st.g.deploying, Side::Prussia);
    let (a, b) = (stay.legal(), left.legal());
    assert!(a.iter().any(|c| matches!(c, SxCommand::Withdraw { .. })));
    assert_eq!(a, b, "the same legal list both ways");
    let w = SxCommand::Withdraw {
        power: Power::Prussia,
        area: glatz,
        inside: true,
    };
    assert!(!b.contains(&w), "the garrison besieged at the start stays");
    let (ra, rb) = (refused(&mut stay, w.clone()), refused(&mut left, w));
    assert_eq!(ra.reason, rb.reason);
    assert_eq!(ra.rule, rb.rule);
}

/// A battle at Dresden: Frederick with 10 SP attacks Browne with 10 Austrian SP and
/// Rutowsky with 3 Saxon SP; the Saxons are demoralized, the Austrians too if
/// `all_bad`. Returns the log of the battle.
fn mixed_battle(all_bad: bool) -> String {
    let mut g = deployed();
    empty_map(&mut g);
    let dresden = area(&g, "dresden");
    place(&mut g, "frederick", LLoc::Field(dresden));
    put(&mut g, Power::Prussia, dresden, 10, 0);
    place(&mut g, "browne", LLoc::Field(dresden));
    put(&mut g, Power::Austria, dresden, 10, 0);
    place(&mut g, "rutowsky", LLoc::Field(dresden));
    put(&mut g, Power::Saxony, dresden, 3, 0);
    g.st.areas[dresden as usize].demoralized[Power::Saxony.idx()] = true;
    g.st.areas[dresden as usize].demoralized[Power::Austria.idx()] = all_bad;
    while g.st.g.step != Step::Combat {
        ok(&mut g, SxCommand::Done);
    }
    assert_eq!(g.st.g.step, Step::Combat);
    // both declare; an all-demoralized side may not be willing (morale.states), so
    // there the willingness roll decides: 6 + SIV 4 against 6 + SIV 0
    g.dice.script([6, 6]);
    while g.st.g.step == Step::Combat
        && !g
            .legal()
            .iter()
            .any(|c| matches!(c, SxCommand::BattleKind { .. }))
    {
        let l = g.legal();
        let c = if l.contains(&SxCommand::Fight { fight: true }) {
            SxCommand::Fight { fight: true }
        } else {
            SxCommand::Fight { fight: false }
        };
        ok(&mut g, c);
    }
    g.dice.script([3, 3, 6, 6, 6, 6]);
    let before = g.log.entries.len();
    let kind = g
        .legal()
        .into_iter()
        .find(|c| matches!(c, SxCommand::BattleKind { maneuver: false }))
        .expect("the defender picks the battle");
    ok(&mut g, kind);
    g.log.entries[before..]
        .iter()
        .map(|e| e.text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn a_good_force_beside_a_demoralized_ally_fights_without_the_whole_malus() {
    // rule morale.states ("demoralized leaders have ... an AIV or DIV 1 point less";
    // units "fight at a -2 morale"): Browne's good force commands; the 3 demoralized
    // Saxon SP are not most of the side, so neither malus applies (audit4 defect 5)
    let mixed = mixed_battle(false);
    assert!(mixed.contains("battle"), "{mixed}");
    assert!(!mixed.contains("demoralized: initiative -1"), "{mixed}");
    assert!(!mixed.contains("demoralized: morale -2"), "{mixed}");
    // all demoralized: both
    let bad = mixed_battle(true);
    assert!(bad.contains("demoralized: initiative -1"), "{bad}");
    assert!(bad.contains("demoralized: morale -2"), "{bad}");
    assert_ne!(mixed, bad);
}
