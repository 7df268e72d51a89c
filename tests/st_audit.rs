//! 1866: the defects of the rules audit (AUDIT13, section 2) fixed, each driven through
//! `PureGame::apply` from a built position: France arrives with card #28 (16.2, 16.4), the
//! corps replacement takes any counter of the nation (11.2 step 4 note), a besieger may
//! march away (13.41, 13.42), a won battle takes the enemy minor city (14.1) and besieges a
//! stronghold (13.2), avoid battle and retreat respect political control (14.4), pursuit
//! only of the retreating force (12.4).

use crate::st_common::*;
use feldzug::engine::game::PureGame;
use feldzug::engine::side::Side;
use feldzug::games::struggle::Struggle;
use feldzug::games::struggle::battle::Fate;
use feldzug::games::struggle::flow_battle::{self as fb, Stage};
use feldzug::games::struggle::siege;
use feldzug::games::struggle::state::*;

fn refused(g: &mut PureGame<Struggle>, c: StCommand, rule: &str) {
    let before = g.hash();
    match g.apply(&c) {
        Ok(()) => panic!("{c:?} was accepted"),
        Err(r) => assert_eq!(r.rule, rule, "{c:?}: {r}"),
    }
    assert_eq!(g.hash(), before);
    assert!(!g.legal().contains(&c));
}

/// 22.2 after the set-up choices, with an empty board (the Corps Support Box kept);
/// Austria holds cards that answer nothing. Prussia is to play.
fn empty_board() -> PureGame<Struggle> {
    let mut g = empty_board_with(&[], 5);
    let quiet = quiet_cards(&g, 3, &[35, 26]);
    give(&mut g, Side::Austria, &quiet);
    g
}

/// Card #35 (3 OPs) activates Falkenstein (initiative 3).
fn activate_falkenstein(g: &mut PureGame<Struggle>) {
    give(g, Side::Prussia, &[35]);
    let f = general(g, "falkenstein");
    ok(
        g,
        StCommand::Play {
            card: 35,
            use_: Use::Activate { general: f },
        },
    );
    decline_window(g);
    assert_eq!(g.st.g.step, Step::Move);
}

/// Falkenstein and three IDs at Braunschweig, activated.
fn falkenstein_at_braunschweig(g: &mut PureGame<Struggle>) {
    put_general(g, "falkenstein", "Braunschweig");
    for _ in 0..3 {
        place(g, "pr-id", "Braunschweig", false);
    }
    activate_falkenstein(g);
}

/// The attacker wins (scripted 6 against 1): losses (the first way, or `pick` for the
/// side it names), then the battle runs to the retreat stage or its end.
type Pick<'a> = Option<(Side, &'a dyn Fn(&[Fate]) -> bool)>;

fn win_the_battle(g: &mut PureGame<Struggle>, pick: Pick<'_>) {
    g.dice.script([6, 1]);
    while matches!(
        stage(g),
        Some(Stage::Avoid | Stage::Respond(_) | Stage::Support)
    ) {
        ok(g, StCommand::Done);
    }
    while let Some(Stage::Losses(side)) = stage(g) {
        let opts = fb::loss_options(&g.rules, &g.st);
        let choice = match pick {
            Some((s, f)) if s == side => opts
                .iter()
                .position(|c| f(&c.fates))
                .unwrap_or_else(|| panic!("no fitting way to take the loss: {opts:?}")),
            _ => 0,
        };
        ok(
            g,
            StCommand::TakeLosses {
                choice: choice as u16,
            },
        );
    }
}

fn control(g: &PureGame<Struggle>, name: &str) -> Option<Side> {
    g.st.g.control[space(g, name)]
}

// ---------------------------------------------------------------- 16: France (DEFECTS 26, 8)

// rules 16.2, 16.3, 16.4 (and 14.1 last sentence): card #28 played as Austria's event
// makes the French spaces Austrian, draws exactly one card, deploys the first wave (Niel,
// the reduced 1st Corps and a reduced CD at Chalons) and schedules the second wave for the
// second turn after. Fails on the old code (the event only set a flag).
#[test]
fn card_28_brings_france_in_with_its_first_wave() {
    let mut g = mobilization();
    g.st.g.war = true;
    g.st.g.dow = true;
    g.st.g.turn = 1;
    g.st.g.rounds_left = [6, 6];
    let aside = std::mem::take(&mut g.st.cards.aside);
    g.st.cards.draw.extend(aside);
    g.st.g.vp = -6; // card #28: only while Prussia has 6 VPs
    give(&mut g, Side::Austria, &[28]);
    ok(
        &mut g,
        StCommand::FreeOp {
            use_: Use::Individual,
        },
    );
    ok(&mut g, StCommand::Done);
    assert_eq!(g.st.g.to_play, Side::Austria);
    assert_eq!(control(&g, "Chalons"), None, "France neutral before (14.1)");
    ok(
        &mut g,
        StCommand::Play {
            card: 28,
            use_: Use::Event,
        },
    );
    assert!(g.st.g.france);
    assert_eq!(control(&g, "Chalons"), Some(Side::Austria), "rule 16.2");
    assert_eq!(control(&g, "Metz"), Some(Side::Austria), "rule 16.2");
    assert_eq!(
        g.st.cards.hand(Side::Austria).len(),
        1,
        "rule 16.3: one card drawn, not two"
    );
    let chalons = space(&g, "Chalons");
    let niel = general(&g, "niel");
    assert_eq!(
        g.st.generals[niel as usize].loc,
        Loc::Space(chalons),
        "16.4"
    );
    let fr1 = g.rules.unit_by_type("fr-1")[0];
    assert_eq!(
        g.st.units[fr1 as usize],
        UnitState {
            loc: Loc::Space(chalons),
            reduced: true
        },
        "16.4: (1st Corps)"
    );
    // DEFECT 8: "1x(CD)" is reduced
    let cds: Vec<UnitState> = g
        .rules
        .unit_by_type("fr-cd")
        .into_iter()
        .map(|u| g.st.units[u as usize])
        .filter(|s| s.loc == Loc::Space(chalons))
        .collect();
    assert_eq!(
        cds,
        vec![UnitState {
            loc: Loc::Space(chalons),
            reduced: true
        }],
        "16.4: one reduced CD"
    );
    assert_eq!(
        g.st.g.france_wave,
        Some(3),
        "16.4: round 1, second turn after"
    );
    assert!(
        g.rules
            .unit_by_type("fr-id")
            .iter()
            .any(|&u| g.st.units[u as usize].loc == Loc::CorpsSupport),
        "16.4: an ID in the Corps Support Box"
    );
}

// ------------------------------------------------- 11.2 step 4 note (DEFECT 24)

// rule 11.2 step 4 NOTE: a French corps eliminated in battle is replaced by a French ID
// from the Corps Support Box once the single IG ID is used. Fails on the old code (only
// the first-listed type, the IG ID, was looked for).
#[test]
fn a_french_corps_is_replaced_by_any_french_id_in_the_box() {
    let mut g = empty_board();
    let fr1 = place(&mut g, "fr-1", "Hildesheim", true);
    let ig = g.rules.unit_by_type("fr-ig-id")[0];
    g.st.units[ig as usize].loc = Loc::Eliminated;
    let id = g.rules.unit_by_type("fr-id")[0];
    g.st.units[id as usize].loc = Loc::CorpsSupport;
    falkenstein_at_braunschweig(&mut g);
    let to = space(&g, "Hildesheim");
    ok(&mut g, StCommand::Move { to });
    let replaced = |f: &[Fate]| f.iter().any(|x| matches!(x, Fate::Replaced { .. }));
    win_the_battle(&mut g, Some((Side::Austria, &replaced)));
    assert_eq!(g.st.units[fr1 as usize].loc, Loc::Eliminated);
    assert_ne!(
        g.st.units[id as usize].loc,
        Loc::CorpsSupport,
        "the French ID replaced the corps"
    );
}

// ------------------------------------------------------- 13.41, 13.42 (DEFECT 27)

// rules 13.41, 13.42, 9.53: a corps that begins its activation alone in an enemy major
// city may march away, which lifts the siege; one that enters it in this move must stop or
// leave a unit to mask it. Fails on the old code (the first move out was refused).
#[test]
fn a_besieger_may_march_away_and_the_siege_is_lifted() {
    let mut g = empty_board();
    let hanover = space(&g, "Hanover");
    put_general(&mut g, "falkenstein", "Hanover");
    place(&mut g, "pr-7", "Hanover", false);
    g.st.g.besieged[hanover] = Some(Side::Prussia);
    assert_eq!(
        siege::besieger(&g.rules, &g.st, hanover),
        Some(Side::Prussia)
    );
    activate_falkenstein(&mut g);
    let to = space(&g, "Braunschweig");
    ok(&mut g, StCommand::Move { to });
    assert_eq!(
        siege::besieger(&g.rules, &g.st, hanover),
        None,
        "13.42: lifted"
    );
    assert_eq!(control(&g, "Hanover"), Some(Side::Austria));
    // back in: passing through needs a unit left to mask it (13.41)
    ok(&mut g, StCommand::Move { to: hanover });
    decline_window(&mut g);
    assert_eq!(g.st.g.step, Step::Move);
    let to = space(&g, "Minden");
    refused(&mut g, StCommand::Move { to }, "13.41");
}

// ------------------------------------------------------------ 14.1, 13.2 (DEFECTS 1, 19)

// rule 14.1: a won battle in an enemy minor city takes it. Fails on the old code (the
// space stayed Austrian).
#[test]
fn a_won_battle_takes_the_enemy_minor_city() {
    let mut g = empty_board();
    place(&mut g, "hn-div", "Hildesheim", false);
    assert_eq!(control(&g, "Hildesheim"), Some(Side::Austria));
    falkenstein_at_braunschweig(&mut g);
    let to = space(&g, "Hildesheim");
    ok(&mut g, StCommand::Move { to });
    win_the_battle(&mut g, None);
    while g.st.g.battle.is_some() {
        let c = g.legal()[0].clone();
        ok(&mut g, c);
    }
    assert_eq!(control(&g, "Hildesheim"), Some(Side::Prussia), "rule 14.1");
}

// rule 13.2 (example of play WOR3): after a won battle in an enemy major city the
// besieged marker is placed. Fails on the old code (no marker).
#[test]
fn a_won_battle_in_an_enemy_major_city_places_the_besieged_marker() {
    let mut g = empty_board();
    let hanover = space(&g, "Hanover");
    place(&mut g, "hn-div", "Hanover", false);
    falkenstein_at_braunschweig(&mut g);
    ok(&mut g, StCommand::Move { to: hanover });
    win_the_battle(&mut g, None);
    while g.st.g.battle.is_some() {
        let c = g.legal()[0].clone();
        ok(&mut g, c);
    }
    assert_eq!(g.st.g.besieged[hanover], Some(Side::Prussia), "rule 13.2");
    assert_eq!(
        control(&g, "Hanover"),
        Some(Side::Austria),
        "13.1: by siege only"
    );
}

// ----------------------------------------------------------------- 14.4 (DEFECTS 3, 4)

// rules 14.4, 10.4: no avoid battle into a space with an enemy PC (Prussian Minden next to
// Hanover). Fails on the old code (Minden was offered).
#[test]
fn no_avoid_battle_into_an_enemy_pc_space() {
    let mut g = empty_board();
    let hanover = space(&g, "Hanover");
    let minden = space(&g, "Minden");
    let hildesheim = space(&g, "Hildesheim");
    put_general(&mut g, "arendtschildt", "Hanover");
    place(&mut g, "hn-corps", "Hanover", false);
    assert_eq!(control(&g, "Minden"), Some(Side::Prussia));
    falkenstein_at_braunschweig(&mut g);
    ok(&mut g, StCommand::Move { to: hanover });
    assert_eq!(stage(&g), Some(Stage::Avoid));
    let avoid = |to| StCommand::Avoid { to, unit: None };
    assert!(g.legal().contains(&avoid(hildesheim)));
    refused(&mut g, avoid(minden), "14.4");
}

// rules 14.4, 12.1: the loser must retreat into a friendly PC space when there is one
// (Hildesheim), not into Prussian Minden. Fails on the old code (Minden was offered).
#[test]
fn a_retreat_ends_in_a_friendly_pc_space_if_possible() {
    let mut g = empty_board();
    let hanover = space(&g, "Hanover");
    let minden = space(&g, "Minden");
    let hildesheim = space(&g, "Hildesheim");
    put_general(&mut g, "arendtschildt", "Hanover");
    place(&mut g, "hn-corps", "Hanover", false);
    falkenstein_at_braunschweig(&mut g);
    ok(&mut g, StCommand::Move { to: hanover });
    win_the_battle(&mut g, None);
    assert_eq!(stage(&g), Some(Stage::Retreat));
    assert!(g.legal().contains(&StCommand::Retreat { to: hildesheim }));
    refused(&mut g, StCommand::Retreat { to: minden }, "14.4");
}

// ------------------------------------------------------------------- 12.4 (DEFECT 5)

// rule 12.4: no pursuit when the loser retreated into a space holding another friendly
// force (an Austrian IB at Hanover). Fails on the old code (pursuit was offered).
fn at_hanover(g: &PureGame<Struggle>) -> bool {
    let x = general(g, "arendtschildt");
    g.st.generals[x as usize].loc == Loc::Space(space(g, "Hanover"))
}

#[test]
fn no_pursuit_into_another_enemy_force() {
    let mut g = empty_board();
    let hanover = space(&g, "Hanover");
    let hildesheim = space(&g, "Hildesheim");
    put_general(&mut g, "arendtschildt", "Hildesheim");
    place(&mut g, "hn-corps", "Hildesheim", false);
    place(&mut g, "au-ib", "Hanover", false);
    // the same battle without the IB in Hanover may pursue
    let mut alone = g.clone();
    alone.st.units.iter_mut().for_each(|u| {
        if u.loc == Loc::Space(hanover) {
            u.loc = Loc::Reserve;
        }
    });
    for g in [&mut g, &mut alone] {
        falkenstein_at_braunschweig(g);
        ok(g, StCommand::Move { to: hildesheim });
        win_the_battle(g, None);
        // 14.4: Hanover is the only friendly retreat space (automatic when alone)
        if stage(g) == Some(Stage::Retreat) {
            ok(g, StCommand::Retreat { to: hanover });
        }
        assert!(at_hanover(g), "the loser retreated to Hanover");
    }
    assert_eq!(stage(&alone), Some(Stage::Pursue));
    assert!(alone.legal().contains(&StCommand::Pursue));
    assert!(!g.legal().contains(&StCommand::Pursue), "rule 12.4");
    assert_eq!(fb::pursuit_chance(&g.rules, &g.st), None);
}
